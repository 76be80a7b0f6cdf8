// stickerforge-lottie: renders one Lottie animation with rlottie, in a process of its own.
//
// rlottie has crashed, overflowed its stack and looped forever on crafted JSON, so StickerForge
// never calls it in-process: ImageCodec's LottieRenderProcess validates the JSON, spawns this
// helper, writes the JSON to its standard input and reads raw frames from its standard output,
// killing it at the time limit. Anything this process does wrong (a crash, a hang, garbage) costs
// one file, reported as `corrupt_image`; the tool itself carries on.
//
// Usage: stickerforge-lottie WIDTH HEIGHT FRAMES MAX_INPUT_BYTES MEMORY_MIB SECONDS [--test-fault=KIND]
// Output: a 32-byte header (magic "SFLT", version 1, canvas width, height, rlottie's total frame
// count, all uint32 in host order, then the frame rate as a host-order double, 4 bytes padding),
// then FRAMES frames of WIDTH*HEIGHT straight-alpha RGBA pixels (4 bytes each: R, G, B, A), which
// is StickerForge's PixelBuffer layout, so the tool receives each frame straight into its buffer.
// Exit status: 0 rendered; 2 usage; 3 input unreadable or too large; 4 rlottie refused the JSON;
// 5 out of memory. The limits below are applied to this process before any input is read.
#include <rlottie_capi.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SF_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SF_UNDER_ASAN 1
#endif

#ifdef SF_UNDER_ASAN
// LeakSanitizer hook: rlottie's own allocations at exit are not ours to judge, and a leak report
// would turn a good render into a failed exit status. (Tests only: release builds have no ASan.)
int __lsan_is_turned_off(void) { return 1; }
#endif

static int parse_size(const char *text, unsigned long long max, unsigned long long *out) {
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value > max) return 0;
    *out = value;
    return 1;
}

/// straight[a][c']: a premultiplied channel c' under alpha a, divided by alpha and rounded to nearest,
/// c = (c' * 255 + a / 2) / a, at most 255; 0 for alpha 0. A table: three divisions a pixel were
/// a fifth of the helper's time.
static unsigned char straight[256][256];

static void make_straight_table(void) {
    for (unsigned a = 1; a < 256; a++) {
        for (unsigned c = 0; c < 256; c++) {
            unsigned v = (c * 255 + a / 2) / a;
            straight[a][c] = (unsigned char)(v > 255 ? 255 : v);
        }
    }
}

/// rlottie's premultiplied ARGB32 (host-order uint32) to straight RGBA bytes, in place; alpha 0
/// becomes transparent black. Each pixel's word is read before its four bytes are written.
static void to_straight_rgba(uint32_t *pixels, size_t count) {
    unsigned char *out = (unsigned char *)pixels;
    for (size_t i = 0; i < count; i++) {
        uint32_t v = pixels[i], a = v >> 24;
        const unsigned char *row = straight[a];
        out[4 * i] = row[(v >> 16) & 0xFF]; out[4 * i + 1] = row[(v >> 8) & 0xFF];
        out[4 * i + 2] = row[v & 0xFF]; out[4 * i + 3] = (unsigned char)a;
    }
}

static int write_all(const void *data, size_t count) {
    const unsigned char *p = data;
    while (count > 0) {
        ssize_t n = write(STDOUT_FILENO, p, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 0;
        p += n; count -= (size_t)n;
    }
    return 1;
}

/// Reads standard input to its end into a NUL-terminated buffer; NULL past `max` bytes.
static char *read_input(size_t max, size_t *length) {
    size_t limit = max + 1;   // room to see one byte too many
    size_t capacity = limit < 64 * 1024 ? limit : 64 * 1024, used = 0;
    char *buffer = malloc(capacity + 1);
    if (!buffer) return NULL;
    for (;;) {
        if (used == capacity) {
            if (capacity >= limit) { free(buffer); return NULL; }
            capacity = capacity * 2 > limit ? limit : capacity * 2;
            char *grown = realloc(buffer, capacity + 1);
            if (!grown) { free(buffer); return NULL; }
            buffer = grown;
        }
        ssize_t n = read(STDIN_FILENO, buffer + used, capacity - used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { free(buffer); return NULL; }
        if (n == 0) break;
        used += (size_t)n;
    }
    buffer[used] = '\0';
    *length = used;
    return buffer;
}

/// Memory, CPU time and wall-clock bounds for this process (the parent also kills it at its deadline).
static void apply_limits(unsigned long long memory_mib, unsigned long long seconds) {
#ifndef SF_UNDER_ASAN
    // AddressSanitizer reserves terabytes of address space, so under ASan (tests only) the address
    // space limit is left off; the parent's deadline and the pixel limits still hold.
    if (memory_mib > 0) {
        struct rlimit memory = { memory_mib << 20, memory_mib << 20 };
        setrlimit(RLIMIT_AS, &memory);
    }
#endif
    struct rlimit cpu = { seconds + 1, seconds + 2 };
    setrlimit(RLIMIT_CPU, &cpu);
    struct rlimit core = { 0, 0 };   // a crash on hostile input must not litter core files
    setrlimit(RLIMIT_CORE, &core);
    alarm((unsigned)seconds + 2);
}

int main(int argc, char **argv) {
    unsigned long long width, height, frames, max_input, memory_mib, seconds;
    if (argc < 7 || !parse_size(argv[1], 1u << 16, &width) || !parse_size(argv[2], 1u << 16, &height)
        || !parse_size(argv[3], 1u << 24, &frames) || !parse_size(argv[4], 1ull << 32, &max_input)
        || !parse_size(argv[5], 1u << 20, &memory_mib) || !parse_size(argv[6], 86400, &seconds)
        || width == 0 || height == 0 || frames == 0) {
        fprintf(stderr, "usage: stickerforge-lottie WIDTH HEIGHT FRAMES MAX_INPUT_BYTES MEMORY_MIB SECONDS\n");
        return 2;
    }
    const char *fault = argc > 7 && strncmp(argv[7], "--test-fault=", 13) == 0 ? argv[7] + 13 : "";
    apply_limits(memory_mib, seconds);

    size_t length = 0;
    char *json = read_input((size_t)max_input, &length);
    if (!json) return 3;
    // Test hooks (argv only, so a file can never choose one): prove the parent contains each failure.
    if (strcmp(fault, "abort") == 0) abort();
    if (strcmp(fault, "hang") == 0) for (;;) pause();
    if (strcmp(fault, "garbage") == 0) { write_all("this is not a header, nor a frame of pixels", 43); return 0; }
    if (strcmp(fault, "short") == 0) frames = frames > 1 ? frames - 1 : 0;

    // One model a process, so rlottie's model cache (keyed by this string) never serves another file.
    Lottie_Animation *animation = lottie_animation_from_data(json, "stickerforge", "");
    free(json);
    if (!animation) return 4;
    size_t canvas_w = 0, canvas_h = 0;
    lottie_animation_get_size(animation, &canvas_w, &canvas_h);
    uint32_t header[8] = { 0x544C4653u /* "SFLT" */, 1, (uint32_t)canvas_w, (uint32_t)canvas_h,
                           (uint32_t)lottie_animation_get_totalframe(animation), 0, 0, 0 };
    double rate = lottie_animation_get_framerate(animation);
    memcpy(&header[5], &rate, sizeof rate);
    if (!write_all(header, sizeof header)) return 0;   // the parent went away: nothing to report to

    make_straight_table();
    size_t pixels = (size_t)width * (size_t)height;
    uint32_t *buffer = malloc(pixels * 4);
    if (!buffer) return 5;
    for (unsigned long long i = 0; i < frames; i++) {
        memset(buffer, 0, pixels * 4);
        lottie_animation_render(animation, (size_t)i, buffer, (size_t)width, (size_t)height, (size_t)width * 4);
        to_straight_rgba(buffer, pixels);
        if (!write_all(buffer, pixels * 4)) break;
    }
    free(buffer);
    lottie_animation_destroy(animation);
    return 0;
}
