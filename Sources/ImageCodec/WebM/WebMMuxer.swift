/// Writes a WebM file with one VP9 video track, built in memory: EBML header, then a Segment with
/// a SeekHead, Info (1 ms TimecodeScale, Duration), Tracks, the Clusters and Cues.
///
/// Every frame is a BlockGroup: its Block, its alpha payload in BlockAdditions (BlockAddID 1) when
/// the track has alpha (AlphaMode 1, as Chromium and Telegram read it), its BlockDuration (so the
/// last frame's time is stored, not guessed) and, for a frame that is not a key frame, a
/// ReferenceBlock to the frame before. A Cluster starts at every key frame and whenever a block's
/// timestamp would not fit the 16-bit offset from its Cluster. The Colour element states what the
/// encoder wrote: BT.601 matrix, limited ("broadcast") range, 8 bits, 4:2:0, sRGB primaries and
/// transfer. No audio track. libwebm's mkvmuxer is not used: Debian's libwebm-dev ships only the
/// parser's headers, and this file needs a small fixed subset of Matroska.
struct WebMMuxer {
    /// One frame's payloads and timing (milliseconds).
    struct Frame {
        var color: [UInt8]
        var alpha: [UInt8]?
        var start: Int
        var duration: Int
        var isKey: Bool
    }

    var width: Int, height: Int
    var hasAlpha: Bool
    /// Application name for MuxingApp and WritingApp.
    var application = "StickerForge"

    // Matroska element IDs.
    private enum ID {
        static let ebml: UInt32 = 0x1A45DFA3, segment: UInt32 = 0x18538067, seekHead: UInt32 = 0x114D9B74
        static let seek: UInt32 = 0x4DBB, seekID: UInt32 = 0x53AB, seekPosition: UInt32 = 0x53AC
        static let info: UInt32 = 0x1549A966, tracks: UInt32 = 0x1654AE6B, cluster: UInt32 = 0x1F43B675
        static let cues: UInt32 = 0x1C53BB6B
    }

    /// The file for `frames` (in display order) lasting `duration` ms in all.
    func mux(_ frames: [Frame], duration: Int) -> [UInt8] {
        var header = EBMLWriter()
        header.master(ID.ebml) { e in
            e.uint(0x4286, 1); e.uint(0x42F7, 1); e.uint(0x42F2, 4); e.uint(0x42F3, 8)
            e.string(0x4282, "webm"); e.uint(0x4287, 4); e.uint(0x4285, 2)
        }
        let info = element { e in
            e.master(ID.info) { i in
                i.uint(0x2AD7B1, 1_000_000)              // TimecodeScale: 1 ms ticks
                i.float(0x4489, Double(duration))        // Duration in ticks
                i.string(0x4D80, application); i.string(0x5741, application)
            }
        }
        let tracks = element { e in e.master(ID.tracks) { t in t.master(0xAE) { track(&$0) } } }
        let seekHeadLength = seekHead(info: 0, tracks: 0, cues: 0).count
        let clustersStart = seekHeadLength + info.count + tracks.count
        let (clusters, cuePoints) = self.clusters(frames, startingAt: clustersStart)
        let cuesStart = clustersStart + clusters.count
        let cues = element { e in
            e.master(ID.cues) { c in
                for point in cuePoints {
                    c.master(0xBB) { p in
                        p.uint(0xB3, UInt64(point.time))
                        p.master(0xB7) { $0.uint(0xF7, 1); $0.uint(0xF1, UInt64(point.position)) }
                    }
                }
            }
        }
        let body = seekHead(info: seekHeadLength, tracks: seekHeadLength + info.count, cues: cuesStart)
            + info + tracks + clusters + cues
        var file = header
        file.element(ID.segment, body)
        return file.bytes
    }

    private func element(_ body: (inout EBMLWriter) -> Void) -> [UInt8] {
        var writer = EBMLWriter()
        body(&writer)
        return writer.bytes
    }

    /// SeekHead with 8-byte positions, so its length does not depend on them.
    private func seekHead(info: Int, tracks: Int, cues: Int) -> [UInt8] {
        element { e in
            e.master(ID.seekHead) { s in
                for (id, position) in [(ID.info, info), (ID.tracks, tracks), (ID.cues, cues)] {
                    s.master(ID.seek) {
                        $0.binary(ID.seekID, EBMLWriter.bigEndian(UInt64(id), minimumBytes: 4))
                        $0.uint8Bytes(ID.seekPosition, UInt64(position))
                    }
                }
            }
        }
    }

    private func track(_ t: inout EBMLWriter) {
        t.uint(0xD7, 1)                  // TrackNumber
        t.uint(0x73C5, 1)                // TrackUID: fixed, so output is reproducible
        t.uint(0x83, 1)                  // TrackType: video
        t.uint(0x9C, 0)                  // FlagLacing
        t.string(0x86, "V_VP9")          // CodecID
        if hasAlpha { t.uint(0x55EE, 1) } // MaxBlockAdditionID
        t.master(0xE0) { v in
            v.uint(0xB0, UInt64(width)); v.uint(0xBA, UInt64(height))
            if hasAlpha { v.uint(0x53C0, 1) }   // AlphaMode
            v.master(0x55B0) { c in
                c.uint(0x55B1, 6)   // MatrixCoefficients: BT.601 (SMPTE 170M)
                c.uint(0x55B2, 8)   // BitsPerChannel
                c.uint(0x55B3, 1)   // ChromaSubsamplingHorz
                c.uint(0x55B4, 1)   // ChromaSubsamplingVert
                c.uint(0x55B9, 1)   // Range: broadcast (limited)
                c.uint(0x55BA, 13)  // TransferCharacteristics: sRGB
                c.uint(0x55BB, 1)   // Primaries: BT.709 (sRGB's)
            }
        }
    }

    /// The Clusters, and a cue (time, position from the Segment's data start) for each.
    private func clusters(_ frames: [Frame], startingAt offset: Int) -> ([UInt8], [(time: Int, position: Int)]) {
        var out: [UInt8] = [], cues: [(time: Int, position: Int)] = []
        var index = 0
        while index < frames.count {
            let start = frames[index].start
            var end = index + 1
            while end < frames.count && !frames[end].isKey && frames[end].start - start <= Int(Int16.max) { end += 1 }
            cues.append((start, offset + out.count))
            out += element { e in
                e.master(ID.cluster) { c in
                    c.uint(0xE7, UInt64(start))   // Cluster Timecode
                    for i in index..<end { blockGroup(frames[i], previous: i > 0 ? frames[i - 1] : nil, clusterStart: start, &c) }
                }
            }
            index = end
        }
        return (out, cues)
    }

    private func blockGroup(_ frame: Frame, previous: Frame?, clusterStart: Int, _ c: inout EBMLWriter) {
        c.master(0xA0) { g in
            let relative = Int16(frame.start - clusterStart)
            g.binary(0xA1, [0x81, UInt8(truncatingIfNeeded: relative >> 8), UInt8(truncatingIfNeeded: relative), 0x00] + frame.color)
            if hasAlpha, let alpha = frame.alpha {
                g.master(0x75A1) { $0.master(0xA6) { $0.uint(0xEE, 1); $0.binary(0xA5, alpha) } }
            }
            g.uint(0x9B, UInt64(frame.duration))
            if !frame.isKey, let previous { g.int(0xFB, Int64(previous.start - frame.start)) }
        }
    }
}
