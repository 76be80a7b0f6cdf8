/* Evidence harness, not a gate: feeds inputs our LottieValidator would accept straight to rlottie,
 * in process, to show what the containment (the stickerforge-lottie helper process) must catch.
 * Crashes and hangs here are rlottie's, expected, and recorded in docs/security.md; they are never
 * "fixed" here. Inputs that fail the cheap pre-check below (no '{' first, missing top-level keys)
 * are skipped, as the validator would refuse them before a render.
 * Build and run: Tests/Fuzz/rlottie/run.sh SECONDS (clang -fsanitize=fuzzer; rlottie itself is not
 * instrumented, so libFuzzer sees coverage of this file only and mutates mostly blind). */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int has_key(const char *json, const char *key) {
    char quoted[16];
    size_t n = strlen(key);
    quoted[0] = '"'; memcpy(quoted + 1, key, n); quoted[n + 1] = '"'; quoted[n + 2] = 0;
    return strstr(json, quoted) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0 || size > (1 << 20) || data[0] != '{') return 0;
    char *json = malloc(size + 1);
    memcpy(json, data, size);
    json[size] = 0;
    static const char *keys[] = { "v", "fr", "ip", "op", "w", "h", "layers" };
    for (int i = 0; i < 7; i++) if (!has_key(json, keys[i])) { free(json); return 0; }
    Lottie_Animation *a = lottie_animation_from_data(json, "fuzz", "");
    free(json);
    if (!a) return 0;
    size_t w = 0, h = 0;
    lottie_animation_get_size(a, &w, &h);
    size_t frames = lottie_animation_get_totalframe(a);
    if (w > 0 && h > 0 && w <= 8192 && h <= 8192 && frames <= 10000) {
        uint32_t buffer[64 * 64];
        /* The validator bounds the canvas; the render is at a small box, as `build` would. */
        lottie_animation_render(a, 0, buffer, 64, 64, 64 * 4);
        if (frames > 1) lottie_animation_render(a, frames / 2, buffer, 64, 64, 64 * 4);
    }
    lottie_animation_destroy(a);
    return 0;
}
