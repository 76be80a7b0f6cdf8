// stickerforge-lottie: renders Lottie animations with rlottie, in a process of its own.
//
// rlottie has crashed, overflowed its stack and looped forever on crafted JSON, so StickerForge
// never calls it in-process: ImageCodec's LottieRenderProcess validates the JSON, spawns this
// helper, sends it jobs and reads frames from shared memory, killing it at the time limit. Anything
// this process does wrong (a crash, a hang, garbage) costs one file, reported as `corrupt_image`;
// the tool then starts a new helper for the next file. A helper serves one batch (many files, one
// at a time, at most MAX_JOBS), so process start-up is not paid per file.
//
// Usage: stickerforge-lottie MAX_JOBS MEMORY_MIB SECONDS
//   standard input and output: one socket; descriptor 3: the frame memory (a memfd the tool maps too).
//   MEMORY_MIB and SECONDS bound every job (hard limits); each job sets its own, lower, soft limits.
// A job (tool to helper): 11 host-order uint32: magic "SFLJ", version 3, WIDTH, HEIGHT, FRAMES,
// SLOTS, JSON_BYTES, MEMORY_MIB, SECONDS, FAULT (tests only: 0 none, 1 abort, 2 hang, 3 garbage,
// 4 short), STRAIGHT (1: convert each frame to straight RGBA in its slot; 0: leave it
// premultiplied, for a tool that converts it as it copies it out anyway); then JSON_BYTES of JSON.
// The answer: a 32-byte header (magic "SFLT", version 3, canvas width, height, rlottie's total frame
// count, all uint32 in host order, then the frame rate as a host-order double, 4 bytes padding);
// then notes, each a host-order uint32 N: frames 0 ..< N are ready, frame i in slot i % SLOTS of
// the frame memory (WIDTH*HEIGHT*4 bytes a slot, from offset 0): rlottie's premultiplied ARGB32
// (host order), or with STRAIGHT straight RGBA bytes, converted in place right after rlottie
// rendered the frame, while it is still in this core's cache (CStraightAlpha). Frames are announced in batches, so that a small frame costs one hand-over per
// batch rather than one each: a note goes out after every BATCH frames (half the slots, rounded
// up), before the helper waits for a free slot, and after the last frame. The tool answers with
// credits, each a host-order uint32 C: frames 0 ..< C are read and their slots free again. Before
// rendering frame i >= SLOTS the helper needs a credit of at least i - SLOTS + 1. End of input
// between jobs ends the helper (exit 0).
// Exit status: 0 done; 2 usage or a malformed job; 3 input unreadable or too large; 4 rlottie
// refused the JSON; 5 out of memory. The helper exits after any failure; the tool reads the status.
// rlottie itself is never touched by the tool.
#include <rlottie_capi.h>
#include <straight_alpha.h>

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

enum { FRAME_MEMORY_FD = 3, JOB_WORDS = 11 };

static int parse_size(const char *text, unsigned long long max, unsigned long long *out) {
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value > max) return 0;
    *out = value;
    return 1;
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

/// Reads exactly `count` bytes of standard input: 1 done, 0 end of input before the first byte,
/// -1 end of input or an error part way.
static int read_exactly(void *data, size_t count) {
    unsigned char *p = data;
    size_t done = 0;
    while (done < count) {
        ssize_t n = read(STDIN_FILENO, p + done, count - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return done == 0 && n == 0 ? 0 : -1;
        done += (size_t)n;
    }
    return 1;
}

/// The hard limits of the whole helper: memory at most MEMORY_MIB, CPU time at most every job's
/// budget. The wall-clock bound is each job's alarm (and the tool kills the helper at its deadline).
static void apply_helper_limits(unsigned long long memory_mib, unsigned long long seconds, unsigned long long jobs) {
#ifndef SF_UNDER_ASAN
    // AddressSanitizer reserves terabytes of address space, so under ASan (tests only) the address
    // space limit is left off; the parent's deadline and the pixel limits still hold.
    struct rlimit memory = { memory_mib << 20, memory_mib << 20 };
    setrlimit(RLIMIT_AS, &memory);
#endif
    rlim_t cpu_seconds = (rlim_t)(jobs * (seconds + 1) + 1);
    struct rlimit cpu = { cpu_seconds, cpu_seconds + 1 };
    setrlimit(RLIMIT_CPU, &cpu);
    struct rlimit core = { 0, 0 };   // a crash on hostile input must not litter core files
    setrlimit(RLIMIT_CORE, &core);
}

/// One job's limits, as strong as a helper of its own: soft memory MEMORY_MIB, soft CPU time
/// SECONDS + 1 from now (SIGXCPU ends the helper), an alarm at SECONDS + 2 of wall-clock time.
static void apply_job_limits(unsigned long long memory_mib, unsigned long long seconds) {
#ifndef SF_UNDER_ASAN
    struct rlimit memory;
    if (getrlimit(RLIMIT_AS, &memory) == 0) {
        rlim_t soft = (rlim_t)(memory_mib << 20);
        memory.rlim_cur = soft < memory.rlim_max ? soft : memory.rlim_max;
        setrlimit(RLIMIT_AS, &memory);
    }
#endif
    struct rusage usage;
    struct rlimit cpu;
    if (getrusage(RUSAGE_SELF, &usage) == 0 && getrlimit(RLIMIT_CPU, &cpu) == 0) {
        rlim_t soft = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1) + (rlim_t)seconds + 1;
        cpu.rlim_cur = soft < cpu.rlim_max ? soft : cpu.rlim_max;
        setrlimit(RLIMIT_CPU, &cpu);
    }
    alarm((unsigned)seconds + 2);
}

/// The helper's view of the frame memory, mapped by a job and kept for the next ones of the same
/// frame size (whose pages are then already faulted in); mapped again, at the size it needs, by a job
/// of another size, so each job's address space holds what its own would (its memory limit counts it).
struct frame_view { unsigned char *base; size_t bytes; };

/// Makes `view` cover exactly the first `bytes` of the frame memory: 1, or 0 when the file is shorter
/// (a malformed job) and -1 when it cannot be mapped.
static int map_frames(struct frame_view *view, size_t bytes) {
    if (view->base && view->bytes == bytes) return 1;
    struct stat memory_file;
    if (fstat(FRAME_MEMORY_FD, &memory_file) != 0 || (unsigned long long)memory_file.st_size < bytes) return 0;
    if (view->base) munmap(view->base, view->bytes);
    view->base = NULL; view->bytes = 0;
    unsigned char *memory = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, FRAME_MEMORY_FD, 0);
    if (memory == MAP_FAILED) return -1;
    view->base = memory; view->bytes = bytes;
    return 1;
}

/// Runs one job: returns 0 when every frame was rendered and announced, -1 when the helper is to
/// end quietly (the `short` test fault), else the exit status.
static int run_job(const uint32_t *job, unsigned long long number, unsigned long long max_memory,
                   unsigned long long max_seconds, struct frame_view *view) {
    unsigned long long width = job[2], height = job[3], frames = job[4], slots = job[5], length = job[6];
    unsigned long long memory_mib = job[7], seconds = job[8];
    uint32_t fault = job[9], straight = job[10];
    if (job[0] != 0x4A4C4653u /* "SFLJ" */ || job[1] != 3 || width == 0 || height == 0 || width > (1u << 16)
        || height > (1u << 16) || frames == 0 || frames > (1u << 24) || slots == 0 || slots > 64
        || memory_mib > max_memory || seconds > max_seconds || fault > 4 || straight > 1) return 2;
    apply_job_limits(memory_mib, seconds);

    char *json = malloc((size_t)length + 1);
    if (!json) return 3;
    if (read_exactly(json, (size_t)length) != (length ? 1 : 0)) { free(json); return 3; }
    json[length] = '\0';
    // Test hooks (chosen by the tool's job, never by a file): prove the tool contains each failure.
    if (fault == 1) abort();
    if (fault == 2) for (;;) pause();
    if (fault == 3) { write_all("this is not a header, nor a frame of pixels", 43); return 2; }
    int short_by_one = fault == 4;

    // A key of its own for each job, so rlottie's model cache (keyed by this string) never serves
    // another file.
    char key[48];
    snprintf(key, sizeof key, "stickerforge-%llu", number);
    Lottie_Animation *animation = lottie_animation_from_data(json, key, "");
    free(json);
    if (!animation) return 4;
    size_t canvas_w = 0, canvas_h = 0;
    lottie_animation_get_size(animation, &canvas_w, &canvas_h);
    uint32_t header[8] = { 0x544C4653u /* "SFLT" */, 3, (uint32_t)canvas_w, (uint32_t)canvas_h,
                           (uint32_t)lottie_animation_get_totalframe(animation), 0, 0, 0 };
    double rate = lottie_animation_get_framerate(animation);
    memcpy(&header[5], &rate, sizeof rate);

    size_t frame_bytes = (size_t)width * (size_t)height * 4, mapped = frame_bytes * (size_t)slots;
    int mapping = map_frames(view, mapped);
    if (mapping <= 0) { lottie_animation_destroy(animation); return mapping == 0 ? 2 : 5; }
    unsigned char *memory = view->base;
    int status = write_all(header, sizeof header) ? 0 : 2;
    unsigned long long count = short_by_one ? frames - 1 : frames;
    unsigned long long batch = (slots + 1) / 2, announced = 0, credited = 0;
    size_t pixels = (size_t)width * (size_t)height;
    for (unsigned long long i = 0; status == 0 && i < count; i++) {
        if (i >= credited + slots) {
            // No free slot: announce what is ready (the tool may be waiting for it), then wait for
            // credits until frame i's slot is free. A credit must grow and never pass what was announced.
            uint32_t note = (uint32_t)i;
            if (announced < i && !write_all(&note, sizeof note)) { status = 2; break; }
            announced = i;
            while (status == 0 && i >= credited + slots) {
                uint32_t credit;
                if (read_exactly(&credit, sizeof credit) != 1 || credit <= credited || credit > announced) status = 2;
                else credited = credit;
            }
            if (status != 0) break;
        }
        uint32_t *slot = (uint32_t *)(memory + (size_t)(i % slots) * frame_bytes);
        // No clearing here: rlottie clears the whole surface before it draws (VPainter::begin), so
        // the frame a slot held before (this file's, or another file's of the same size) never
        // shows through. LottieRendererPoolTests renders different files of one size in a row
        // through one helper and compares them with fresh helpers' frames.
        lottie_animation_render(animation, (size_t)i, slot, (size_t)width, (size_t)height, (size_t)width * 4);
        // Straight RGBA in place, while the frame is still in this core's cache.
        if (straight) sf_premultiplied_argb_to_straight_rgba(slot, (uint8_t *)slot, pixels);
        if (i + 1 - announced >= batch || i + 1 == count) {
            uint32_t note = (uint32_t)(i + 1);
            if (!write_all(&note, sizeof note)) status = 2;
            announced = i + 1;
        }
    }
    lottie_animation_destroy(animation);
    return short_by_one && status == 0 ? -1 : status;
}

int main(int argc, char **argv) {
    unsigned long long jobs, memory_mib, seconds;
    if (argc != 4 || !parse_size(argv[1], 1u << 16, &jobs) || !parse_size(argv[2], 1u << 20, &memory_mib)
        || !parse_size(argv[3], 86400, &seconds) || jobs == 0) {
        fprintf(stderr, "usage: stickerforge-lottie MAX_JOBS MEMORY_MIB SECONDS\n");
        return 2;
    }
    apply_helper_limits(memory_mib, seconds, jobs);
    struct frame_view view = { NULL, 0 };
    for (unsigned long long number = 0; number < jobs; number++) {
        uint32_t job[JOB_WORDS];
        int got = read_exactly(job, sizeof job);
        if (got == 0) return 0;   // the tool closed the batch
        if (got < 0) return 2;
        int status = run_job(job, number, memory_mib, seconds, &view);
        if (status != 0) return status < 0 ? 0 : status;
        alarm(0);
    }
    return 0;
}
