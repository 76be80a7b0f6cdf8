// The C++ behind webm_shim.h: libwebm's callback parser (webm_parser) reads the container, this
// file keeps what the decoder needs (the first VP8/VP9 video track, its frames' byte ranges,
// timestamps, durations and alpha payloads) and turns every failure into a status and a message.
#include "webm_shim.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include <webm/callback.h>
#include <webm/reader.h>
#include <webm/status.h>
#include <webm/webm_parser.h>

namespace {

// Status codes of ours (libwebm reserves codes <= 0) that stop the parse from a callback.
constexpr std::int32_t kStopTooManyFrames = 1;
constexpr std::int32_t kStopUnsupported = 2;
constexpr std::int32_t kStopMalformed = 3;
constexpr std::int32_t kStopTruncated = 4;
// The first Segment is complete: what follows it (trailing bytes some writers leave, a second
// Segment) is not read, as browsers and ffmpeg do not read it.
constexpr std::int32_t kStopSegmentEnd = 5;

/// A libwebm Reader over the caller's bytes: no copy, never reads past `length`.
class MemoryReader final : public webm::Reader {
 public:
  MemoryReader(const std::uint8_t* bytes, std::size_t length) : bytes_(bytes), length_(length) {}

  webm::Status Read(std::size_t num_to_read, std::uint8_t* buffer, std::uint64_t* num_actually_read) override {
    const std::uint64_t n = Available(num_to_read);
    *num_actually_read = n;
    if (n == 0) return webm::Status(webm::Status::kEndOfFile);
    std::memcpy(buffer, bytes_ + position_, n);
    position_ += n;
    return webm::Status(n == num_to_read ? webm::Status::kOkCompleted : webm::Status::kOkPartial);
  }

  webm::Status Skip(std::uint64_t num_to_skip, std::uint64_t* num_actually_skipped) override {
    const std::uint64_t n = Available(num_to_skip);
    *num_actually_skipped = n;
    if (n == 0) return webm::Status(webm::Status::kEndOfFile);
    position_ += n;
    return webm::Status(n == num_to_skip ? webm::Status::kOkCompleted : webm::Status::kOkPartial);
  }

  std::uint64_t Position() const override { return position_; }

 private:
  std::uint64_t Available(std::uint64_t wanted) const {
    const std::uint64_t left = length_ - position_;
    return wanted < left ? wanted : left;
  }
  const std::uint8_t* bytes_;
  std::uint64_t length_;
  std::uint64_t position_ = 0;
};

/// The storage behind sf_webm_result's pointers.
struct Owner {
  std::vector<sf_webm_frame> frames;
  std::vector<std::uint8_t> alpha;
};

/// Collects the chosen track and its frames as libwebm reports them.
class TrackCollector final : public webm::Callback {
 public:
  TrackCollector(sf_webm_result* out, Owner* owner, std::uint64_t length, std::uint64_t max_frames)
      : out_(out), owner_(owner), length_(length), max_frames_(max_frames) {}

  std::string problem;       // set with a kStop... status
  std::string other_codec;   // a video track's codec we do not read, for the message
  bool have_track = false;

  webm::Status OnElementBegin(const webm::ElementMetadata& metadata, webm::Action* action) override {
    // Nothing in these is needed to show the video: skip them unparsed.
    switch (metadata.id) {
      case webm::Id::kCues: case webm::Id::kChapters: case webm::Id::kTags:
        *action = webm::Action::kSkip; break;
      default: *action = webm::Action::kRead;
    }
    return webm::Status(webm::Status::kOkCompleted);
  }

  webm::Status OnSegmentEnd(const webm::ElementMetadata&) override { return webm::Status(kStopSegmentEnd); }

  webm::Status OnInfo(const webm::ElementMetadata&, const webm::Info& info) override {
    if (info.timecode_scale.value() == 0) return Stop(kStopMalformed, "TimecodeScale is 0");
    out_->timecode_scale = info.timecode_scale.value();
    return webm::Status(webm::Status::kOkCompleted);
  }

  webm::Status OnTrackEntry(const webm::ElementMetadata&, const webm::TrackEntry& track) override {
    if (have_track || track.track_type.value() != webm::TrackType::kVideo) {
      return webm::Status(webm::Status::kOkCompleted);
    }
    const std::string& codec = track.codec_id.value();
    if (codec != "V_VP8" && codec != "V_VP9") {
      if (other_codec.empty()) other_codec = codec.empty() ? std::string("(none)") : codec;
      return webm::Status(webm::Status::kOkCompleted);
    }
    have_track = true;
    out_->codec = codec == "V_VP8" ? SF_WEBM_CODEC_VP8 : SF_WEBM_CODEC_VP9;
    out_->track_number = track.track_number.value();
    out_->default_duration = track.default_duration.is_present() ? track.default_duration.value() : 0;
    const webm::Video& video = track.video.value();
    out_->width = video.pixel_width.is_present() ? video.pixel_width.value() : 0;
    out_->height = video.pixel_height.is_present() ? video.pixel_height.value() : 0;
    out_->alpha_mode = video.alpha_mode.value();
    out_->frame_rate = video.frame_rate.is_present() ? video.frame_rate.value() : 0;
    if (video.colour.is_present()) {
      const webm::Colour& colour = video.colour.value();
      if (colour.matrix_coefficients.is_present())
        out_->matrix_coefficients = static_cast<std::int32_t>(Clamp(static_cast<std::uint64_t>(colour.matrix_coefficients.value())));
      if (colour.range.is_present())
        out_->range = static_cast<std::int32_t>(Clamp(static_cast<std::uint64_t>(colour.range.value())));
      out_->bits_per_channel = colour.bits_per_channel.value();
    }
    return webm::Status(webm::Status::kOkCompleted);
  }

  webm::Status OnClusterBegin(const webm::ElementMetadata&, const webm::Cluster& cluster, webm::Action* action) override {
    *action = webm::Action::kRead;
    if (cluster.timecode.value() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / 2))
      return Stop(kStopMalformed, "a Cluster Timecode is out of range");
    cluster_timecode_ = static_cast<std::int64_t>(cluster.timecode.value());
    return webm::Status(webm::Status::kOkCompleted);
  }

  webm::Status OnSimpleBlockBegin(const webm::ElementMetadata&, const webm::SimpleBlock& block, webm::Action* action) override {
    in_group_ = false;
    return BlockBegin(block, action);
  }

  webm::Status OnBlockGroupBegin(const webm::ElementMetadata&, webm::Action* action) override {
    *action = webm::Action::kRead;
    in_group_ = true;
    group_first_frame_ = owner_->frames.size();
    return webm::Status(webm::Status::kOkCompleted);
  }

  webm::Status OnBlockBegin(const webm::ElementMetadata&, const webm::Block& block, webm::Action* action) override {
    return BlockBegin(block, action);
  }

  webm::Status OnFrame(const webm::FrameMetadata& metadata, webm::Reader* reader, std::uint64_t* bytes_remaining) override {
    if (current_is_ours_) {
      if (owner_->frames.size() >= max_frames_) return Stop(kStopTooManyFrames, "more video frames than the limit");
      if (metadata.position > length_ || metadata.size > length_ - metadata.position)
        return Stop(kStopTruncated, "WebM ends inside video frame " + std::to_string(owner_->frames.size() + 1) +
                                        " (" + std::to_string(length_) + " bytes read)");
      sf_webm_frame frame{};
      frame.timestamp = cluster_timecode_ + block_timecode_;
      frame.duration = -1;
      frame.offset = metadata.position;
      frame.size = metadata.size;
      owner_->frames.push_back(frame);
    }
    return Skip(reader, bytes_remaining);
  }

  webm::Status OnBlockGroupEnd(const webm::ElementMetadata&, const webm::BlockGroup& group) override {
    in_group_ = false;
    for (std::size_t i = group_first_frame_; i < owner_->frames.size(); ++i) {
      sf_webm_frame& frame = owner_->frames[i];
      if (group.duration.is_present()) {
        if (group.duration.value() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / 2))
          return Stop(kStopMalformed, "a BlockDuration is out of range");
        frame.duration = static_cast<std::int64_t>(group.duration.value());
      }
      for (const auto& more : group.additions.value().block_mores) {
        if (more.value().id.value() != 1) continue;  // BlockAddID 1 is the alpha channel (AlphaMode 1)
        const std::vector<std::uint8_t>& data = more.value().data.value();
        frame.alpha_offset = owner_->alpha.size();
        frame.alpha_size = data.size();
        owner_->alpha.insert(owner_->alpha.end(), data.begin(), data.end());
        break;
      }
    }
    group_first_frame_ = owner_->frames.size();
    return webm::Status(webm::Status::kOkCompleted);
  }

 private:
  webm::Status BlockBegin(const webm::Block& block, webm::Action* action) {
    *action = webm::Action::kRead;
    if (!in_group_) group_first_frame_ = owner_->frames.size();
    current_is_ours_ = have_track && block.track_number == out_->track_number;
    block_timecode_ = block.timecode;
    if (current_is_ours_ && block.num_frames != 1)
      return Stop(kStopUnsupported, "a video block holds " + std::to_string(block.num_frames) + " laced frames");
    return webm::Status(webm::Status::kOkCompleted);
  }

  static std::uint64_t Clamp(std::uint64_t value) { return value > 1000 ? 1000 : value; }

  webm::Status Stop(std::int32_t code, const std::string& why) {
    problem = why;
    return webm::Status(code);
  }

  sf_webm_result* out_;
  Owner* owner_;
  std::uint64_t length_;
  std::uint64_t max_frames_;
  std::int64_t cluster_timecode_ = 0;
  std::int64_t block_timecode_ = 0;
  bool current_is_ours_ = false;
  bool in_group_ = false;
  std::size_t group_first_frame_ = 0;
};

void SetMessage(sf_webm_result* out, sf_webm_status status, const std::string& message) {
  out->status = status;
  std::snprintf(out->message, sizeof out->message, "%s", message.c_str());
}

/// A message for one of libwebm's own status codes.
std::string Describe(const webm::Status& status, std::uint64_t position) {
  const std::string at = " at byte " + std::to_string(position);
  switch (status.code) {
    case webm::Status::kInvalidElementId: return "an element ID is malformed" + at;
    case webm::Status::kInvalidElementSize: return "an element size is malformed" + at;
    case webm::Status::kIndefiniteUnknownElement: return "an unknown element has an unknown size" + at;
    case webm::Status::kElementOverflow: return "an element overflows its parent" + at;
    case webm::Status::kNotEnoughMemory: return "an element is larger than memory allows" + at;
    case webm::Status::kInvalidElementValue: return "an element holds an invalid value" + at;
    case webm::Status::kExceededRecursionDepthLimit: return "elements are nested too deeply" + at;
    default: return "libwebm status " + std::to_string(status.code) + at;
  }
}

void Parse(const std::uint8_t* bytes, std::size_t length, std::uint64_t max_frames, sf_webm_result* out, Owner* owner) {
  MemoryReader reader(bytes, length);
  TrackCollector collector(out, owner, length, max_frames);
  webm::WebmParser parser;
  const webm::Status status = parser.Feed(&collector, &reader);
  out->frames = owner->frames.data();
  out->frame_count = owner->frames.size();
  out->alpha_bytes = owner->alpha.data();
  out->alpha_byte_count = owner->alpha.size();
  switch (status.code) {
    case webm::Status::kOkCompleted: case kStopSegmentEnd: break;
    case kStopTooManyFrames: return SetMessage(out, SF_WEBM_TOO_MANY_FRAMES, collector.problem);
    case kStopUnsupported: return SetMessage(out, SF_WEBM_UNSUPPORTED, collector.problem);
    case kStopMalformed: return SetMessage(out, SF_WEBM_MALFORMED, collector.problem);
    case kStopTruncated: return SetMessage(out, SF_WEBM_TRUNCATED, collector.problem);
    case webm::Status::kEndOfFile: case webm::Status::kOkPartial: case webm::Status::kWouldBlock:
      return SetMessage(out, SF_WEBM_TRUNCATED,
                        "WebM ends inside an element (" + std::to_string(length) + " bytes read)");
    default: return SetMessage(out, SF_WEBM_MALFORMED, Describe(status, reader.Position()));
  }
  if (!collector.have_track) {
    return SetMessage(out, SF_WEBM_NO_VIDEO, collector.other_codec.empty()
        ? std::string("no video track")
        : "the video track's codec is " + collector.other_codec + ", not V_VP8 or V_VP9");
  }
  if (owner->frames.empty()) return SetMessage(out, SF_WEBM_NO_VIDEO, "the video track has no frames");
  out->status = SF_WEBM_OK;
}

}  // namespace

extern "C" int32_t sf_webm_parse(const uint8_t* bytes, size_t length, uint64_t max_frames, sf_webm_result* out) {
  std::memset(out, 0, sizeof *out);
  out->matrix_coefficients = -1;
  out->range = -1;
  out->timecode_scale = 1000000;
  Owner* owner = nullptr;
  try {
    owner = new Owner();
    out->owner = owner;
    Parse(bytes, length, max_frames, out, owner);
  } catch (const std::bad_alloc&) {
    SetMessage(out, SF_WEBM_INTERNAL, "out of memory while reading the WebM container");
  } catch (const std::exception& error) {
    SetMessage(out, SF_WEBM_INTERNAL, std::string("libwebm: ") + error.what());
  } catch (...) {
    SetMessage(out, SF_WEBM_INTERNAL, "libwebm raised an unknown exception");
  }
  return out->status;
}

extern "C" void sf_webm_free(sf_webm_result* result) {
  if (result == nullptr) return;
  delete static_cast<Owner*>(result->owner);
  result->owner = nullptr;
  result->frames = nullptr;
  result->frame_count = 0;
  result->alpha_bytes = nullptr;
  result->alpha_byte_count = 0;
}
