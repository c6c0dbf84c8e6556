// include/tracejit/tracejit.h — the one header users include
#pragma once

#include <tracejit/ad.h>
#include <tracejit/array.h>
#include <tracejit/control.h>
#include <tracejit/dispatch.h>
#include <tracejit/error.h>
#include <tracejit/freeze.h>
#include <tracejit/interop.h>
#include <tracejit/log.h>
#include <tracejit/math.h>
#include <tracejit/ops.h>
#include <tracejit/random.h>
#include <tracejit/reductions.h>
#include <tracejit/runtime.h>
#include <tracejit/scan.h>
#include <tracejit/tape.h>
#include <tracejit/tensor.h>
#include <tracejit/texture.h>
#include <tracejit/types.h>
