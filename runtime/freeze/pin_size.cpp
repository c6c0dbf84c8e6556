// runtime/freeze/pin_size.cpp — what tensor operations ask of a recording in progress (include/tracejit/tensor.h)
//
// A tensor's first dimension may change between calls of a frozen function (only the others are in the layout
// key). An operation that bakes that dimension into a kernel (a transpose, a slice or reduction along axis 0, a
// broadcast that moves it inward) pins the size it came from: a replay with another size records anew.
#include "freeze/recording_device.h"

#include <tracejit/tensor.h> // (declares freeze_pin_size)

namespace tj::detail {

void freeze_pin_size(uint64_t n) {
    if (freezing::RecordingDevice *d = freezing::active())
        d->pin_size(n);
}

} // namespace tj::detail
