import InboxHTTP

/// tinbox's network helper: URLSession behind pipes (see `NetworkFrame` in HTTPWire).
NetworkHelper.run()
