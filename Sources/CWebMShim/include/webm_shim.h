#ifndef STICKERFORGE_WEBM_SHIM_H
#define STICKERFORGE_WEBM_SHIM_H
/* A C view of a WebM file's first VP8/VP9 video track, read with libwebm's webm_parser (C++).
 * Every C++ exception stays inside sf_webm_parse; Swift sees plain structs and a status. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** How a parse ended. */
typedef enum {
    SF_WEBM_OK = 0,
    SF_WEBM_MALFORMED = 1,       /* the EBML/Matroska structure is broken (message says where) */
    SF_WEBM_TRUNCATED = 2,       /* the file ends inside an element */
    SF_WEBM_TOO_MANY_FRAMES = 3, /* more video frames than the caller's limit */
    SF_WEBM_NO_VIDEO = 4,        /* no VP8/VP9 video track, or no frames for it */
    SF_WEBM_UNSUPPORTED = 5,     /* a video codec or feature this reader does not handle */
    SF_WEBM_INTERNAL = 6         /* out of memory or another C++ exception */
} sf_webm_status;

/** The video codec of the chosen track. */
typedef enum { SF_WEBM_CODEC_VP8 = 8, SF_WEBM_CODEC_VP9 = 9 } sf_webm_codec;

/** One video frame (one Block or SimpleBlock of the chosen track), in file order. */
typedef struct {
    int64_t timestamp;      /* Cluster Timecode + Block timecode, in TimecodeScale ticks */
    int64_t duration;       /* BlockDuration in ticks; -1 when absent */
    uint64_t offset;        /* colour payload: byte range within the parsed input */
    uint64_t size;
    uint64_t alpha_offset;  /* alpha payload (BlockAdditional, BlockAddID 1): range within alpha_bytes */
    uint64_t alpha_size;    /* 0 when the frame has none */
} sf_webm_frame;

/** The chosen track and its frames. Release with sf_webm_free whatever the status. */
typedef struct {
    int32_t status;              /* sf_webm_status */
    char message[256];           /* what went wrong, when status != SF_WEBM_OK */
    int32_t codec;               /* sf_webm_codec */
    uint64_t track_number;
    uint64_t width, height;      /* PixelWidth, PixelHeight; 0 when absent */
    uint64_t alpha_mode;         /* AlphaMode: 1 = BlockAdditional 1 carries alpha */
    int32_t matrix_coefficients; /* Colour MatrixCoefficients (ISO/IEC 23001-8); -1 when absent */
    int32_t range;               /* Colour Range: 0 unspecified, 1 broadcast, 2 full, 3 derived; -1 absent */
    uint64_t bits_per_channel;   /* Colour BitsPerChannel; 0 when absent */
    uint64_t timecode_scale;     /* nanoseconds a tick (TimecodeScale, default 1,000,000) */
    uint64_t default_duration;   /* DefaultDuration in nanoseconds; 0 when absent */
    double frame_rate;           /* Video FrameRate (deprecated element); 0 when absent */
    uint64_t frame_count;
    const sf_webm_frame *frames;
    const uint8_t *alpha_bytes;  /* the alpha payloads, copied out of the parser */
    uint64_t alpha_byte_count;
    void *owner;                 /* the C++ storage behind frames and alpha_bytes */
} sf_webm_result;

/** Parses `length` bytes; stops with SF_WEBM_TOO_MANY_FRAMES past `max_frames` video frames.
 *  Returns out->status. Never throws. */
int32_t sf_webm_parse(const uint8_t *bytes, size_t length, uint64_t max_frames, sf_webm_result *out);

/** Releases what sf_webm_parse stored in `result` (safe on a zeroed or failed result). */
void sf_webm_free(sf_webm_result *result);

#ifdef __cplusplus
}
#endif
#endif
