import CVPX

/// The libvpx configuration of one VP9 stream and pass, derived from `WebMEncodeOptions`.
///
/// Every setting that could make the output depend on the machine is pinned: one thread, no
/// row multithreading, no frame-parallel mode, key frames only where asked (frame 1), so the same
/// frames give the same bytes at any load.
struct VP9StreamSettings: Equatable {
    enum Pass: Equatable { case one, first, last }

    var mode: vpx_rc_mode
    /// Target in kilobits a second (VBR, CQ); ignored for constant quality.
    var kilobitsPerSecond: Int
    /// cq-level (CQ and Q modes).
    var crf: Int
    var pass: Pass
    var speed: Int

    /// Constant quality `crf`, one pass.
    static func constantQuality(crf: Int, speed: Int) -> VP9StreamSettings {
        VP9StreamSettings(mode: VPX_Q, kilobitsPerSecond: 0, crf: crf, pass: .one, speed: speed)
    }

    func apply(to config: inout vpx_codec_enc_cfg_t, width: Int, height: Int) {
        config.g_w = UInt32(width)
        config.g_h = UInt32(height)
        config.g_timebase = vpx_rational(num: 1, den: 1000)
        config.g_threads = 1
        config.g_profile = 0            // 8-bit 4:2:0
        config.g_error_resilient = 0
        config.g_lag_in_frames = 25
        config.kf_mode = VPX_KF_DISABLED  // frame 1 is forced key; no automatic key frames
        config.rc_end_usage = mode
        config.rc_min_quantizer = 0
        config.rc_max_quantizer = 63
        if mode != VPX_Q { config.rc_target_bitrate = UInt32(max(1, kilobitsPerSecond)) }
        config.rc_undershoot_pct = 50
        config.rc_overshoot_pct = 0
        switch pass {
        case .one: config.g_pass = VPX_RC_ONE_PASS
        case .first: config.g_pass = VPX_RC_FIRST_PASS
        case .last: config.g_pass = VPX_RC_LAST_PASS
        }
    }

    /// Controls set after init, as (control id, value).
    var controls: [(Int32, Int32)] {
        var list: [(Int32, Int32)] = [
            (Int32(VP8E_SET_CPUUSED.rawValue), Int32(speed)),
            (Int32(VP9E_SET_ROW_MT.rawValue), 0),
            (Int32(VP9E_SET_FRAME_PARALLEL_DECODING.rawValue), 0),
            (Int32(VP9E_SET_TILE_COLUMNS.rawValue), 0),
            (Int32(VP8E_SET_ENABLEAUTOALTREF.rawValue), 1),
            (Int32(VP9E_SET_COLOR_SPACE.rawValue), Int32(VPX_CS_BT_601.rawValue)),
            (Int32(VP9E_SET_COLOR_RANGE.rawValue), Int32(VPX_CR_STUDIO_RANGE.rawValue)),
        ]
        if mode == VPX_Q || mode == VPX_CQ { list.append((Int32(VP8E_SET_CQ_LEVEL.rawValue), Int32(crf))) }
        return list
    }
}
