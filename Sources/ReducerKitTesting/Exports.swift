@_exported import ReducerKit
