#include <vpx/vpx_decoder.h>
#include <vpx/vp8dx.h>

/* vpx_codec_dec_init is a function-like macro (it passes the ABI version), which Swift cannot
 * call: this one inline function is its only wrapper. */
static inline vpx_codec_err_t sf_vpx_dec_init(vpx_codec_ctx_t *ctx, vpx_codec_iface_t *iface,
                                              unsigned int threads) {
    vpx_codec_dec_cfg_t cfg = {threads, 0, 0};
    return vpx_codec_dec_init(ctx, iface, &cfg, 0);
}
