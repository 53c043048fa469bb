import StoreUI

/// `InputDecoder` for the fuzz targets (`Sources/FuzzTargets`), which feed it bytes in any split with
/// timeouts between. Not for the app: `TerminalScreen` owns its decoder.
@_spi(Fuzzing) public struct FuzzedInputDecoder {
    private var decoder = InputDecoder()
    public init() {}
    /// The keys these bytes complete.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Key] { decoder.feed(bytes) }
    /// Nothing more came for the decoder's wait: what is pending becomes a key or is dropped.
    public mutating func timeout() -> [Key] { decoder.timeout() }
    /// Whether the decoder waits for more bytes.
    public var isWaiting: Bool { decoder.waitMilliseconds != nil }
}
