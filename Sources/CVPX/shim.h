#include <vpx/vpx_decoder.h>
#include <vpx/vp8dx.h>
#include <vpx/vpx_encoder.h>
#include <vpx/vp8cx.h>

/* vpx_codec_dec_init is a function-like macro (it passes the ABI version), which Swift cannot
 * call: this one inline function is its only wrapper. */
static inline vpx_codec_err_t sf_vpx_dec_init(vpx_codec_ctx_t *ctx, vpx_codec_iface_t *iface,
                                              unsigned int threads) {
    vpx_codec_dec_cfg_t cfg = {threads, 0, 0};
    return vpx_codec_dec_init(ctx, iface, &cfg, 0);
}

/* The encoder's init macro, likewise. */
static inline vpx_codec_err_t sf_vpx_enc_init(vpx_codec_ctx_t *ctx, vpx_codec_iface_t *iface,
                                              const vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_init(ctx, iface, cfg, 0);
}

/* vpx_codec_control is variadic, which Swift cannot call: every encoder control we set takes an int. */
static inline vpx_codec_err_t sf_vpx_control_int(vpx_codec_ctx_t *ctx, int control, int value) {
    return vpx_codec_control_(ctx, control, value);
}
