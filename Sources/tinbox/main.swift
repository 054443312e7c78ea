print("tinbox")
