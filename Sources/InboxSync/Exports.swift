// The HTTP types and frames of HTTPWire are part of the sync layer's API.
@_exported import HTTPWire
