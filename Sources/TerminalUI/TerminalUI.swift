import InboxCore
