// tests/runtime/test_dlpack.cpp — tj::to_dlpack and tj::from_dlpack: shared buffers, deleters, and every refusal
#include <tracejit/dlpack.h>
#include <tracejit/tracejit.h>

#include <doctest/doctest.h>

#include "test_util.h"

#include <cstdint>
#include <vector>

namespace {

using tj::Float;
using tj::Float64;
using tj::UInt32;
using tj_test::contains;
using tj_test::error_of;

/// A tensor as another library would make one: it owns its storage and counts its deleter's calls.
struct ForeignTensor {
    DLManagedTensor managed{};
    std::vector<double> storage;
    int64_t shape[2] = {0, 1};
    int64_t strides[2] = {1, 1};
    int *deleted = nullptr;

    static DLManagedTensor *make(std::vector<double> values, int *deleted) {
        auto *f = new ForeignTensor;
        f->storage = std::move(values);
        f->shape[0] = int64_t(f->storage.size());
        f->deleted = deleted;
        DLTensor &t = f->managed.dl_tensor;
        t.data = f->storage.data();
        t.device = {kDLCPU, 0};
        t.ndim = 1;
        t.dtype = {kDLFloat, 64, 1};
        t.shape = f->shape;
        t.strides = nullptr;
        t.byte_offset = 0;
        f->managed.manager_ctx = f;
        f->managed.deleter = [](DLManagedTensor *self) {
            auto *owner = static_cast<ForeignTensor *>(self->manager_ctx);
            ++*owner->deleted;
            delete owner;
        };
        return &f->managed;
    }
};

/// Replaces a tensor's deleter by one that also counts its calls in `count` (a global: deleters take no state).
int wrapped_calls = 0;
void (*wrapped_deleter)(DLManagedTensor *) = nullptr;
void count_deleter(DLManagedTensor *t) {
    wrapped_deleter = t->deleter;
    t->deleter = [](DLManagedTensor *self) {
        ++wrapped_calls;
        wrapped_deleter(self);
    };
}

} // namespace

TEST_CASE("dlpack: to_dlpack shares the buffer and keeps it alive until the deleter runs") {
    size_t live = tj::detail::var_count();
    DLManagedTensor *t = nullptr;
    const float *p = nullptr;
    {
        Float x = tj::arange<Float>(5) * 1.5f;
        tj::eval(x);
        p = x.data();
        t = tj::to_dlpack(x);
    }
    REQUIRE(t);
    const DLTensor &d = t->dl_tensor;
    CHECK(d.data == p);
    CHECK(d.device.device_type == kDLCPU);
    CHECK(d.device.device_id == 0);
    CHECK(d.ndim == 1);
    CHECK(d.shape[0] == 5);
    CHECK((d.strides == nullptr || d.strides[0] == 1));
    CHECK(d.byte_offset == 0);
    CHECK(d.dtype.code == kDLFloat);
    CHECK(d.dtype.bits == 32);
    CHECK(d.dtype.lanes == 1);
    CHECK(static_cast<const float *>(d.data)[4] == 6.f); // alive after the array went
    CHECK(tj::detail::var_count() == live + 1);
    t->deleter(t);
    CHECK(tj::detail::var_count() == live);
}

TEST_CASE("dlpack: dtypes of every array type") {
    auto check = [](auto array, uint8_t code, uint8_t bits) {
        tj::eval(array);
        DLManagedTensor *t = tj::to_dlpack(array);
        CHECK(t->dl_tensor.dtype.code == code);
        CHECK(t->dl_tensor.dtype.bits == bits);
        t->deleter(t);
    };
    check(tj::opaque<tj::Bool>(true, 3), tj::detail::dlpack_bool_code, 8);
    check(tj::opaque<tj::Int32>(1, 3), kDLInt, 32);
    check(tj::opaque<tj::UInt32>(1, 3), kDLUInt, 32);
    check(tj::opaque<tj::Int64>(1, 3), kDLInt, 64);
    check(tj::opaque<tj::UInt64>(1, 3), kDLUInt, 64);
    check(tj::opaque<Float64>(1, 3), kDLFloat, 64);
}

TEST_CASE("dlpack: array → tensor → array round trip without a copy, the deleter runs once") {
    size_t live = tj::detail::var_count();
    wrapped_calls = 0;
    {
        Float x = {1.f, 2.f, 3.f};
        DLManagedTensor *t = tj::to_dlpack(x);
        count_deleter(t);
        Float y = tj::from_dlpack<Float>(t);
        CHECK(y.data() == x.data());
        x = Float();
        CHECK(tj::to_vector(y + 1.f) == std::vector<float>{2.f, 3.f, 4.f});
        CHECK(wrapped_calls == 0);
        Float y2 = y;
        y = Float();
        CHECK(wrapped_calls == 0);
    }
    CHECK(wrapped_calls == 1);
    CHECK(tj::detail::var_count() == live);
}

TEST_CASE("dlpack: a tensor made by another library, with and without strides and a byte offset") {
    int deleted = 0;
    {
        DLManagedTensor *t = ForeignTensor::make({1.0, 2.0, 3.0, 4.0}, &deleted);
        const void *storage = t->dl_tensor.data;
        Float64 a = tj::from_dlpack<Float64>(t);
        CHECK(a.data() == storage);
        CHECK(tj::to_vector(a) == std::vector<double>{1.0, 2.0, 3.0, 4.0});
        // Back to DLPack and into an array once more: all three share the storage.
        DLManagedTensor *again = tj::to_dlpack(a);
        CHECK(again->dl_tensor.data == storage);
        Float64 b = tj::from_dlpack<Float64>(again);
        a = Float64();
        CHECK(deleted == 0);
        CHECK(b.data() == storage);
    }
    CHECK(deleted == 1);

    DLManagedTensor *t = ForeignTensor::make({1.0, 2.0, 3.0, 4.0, 5.0}, &deleted);
    auto *f = static_cast<ForeignTensor *>(t->manager_ctx);
    t->dl_tensor.strides = f->strides; // explicit stride 1
    t->dl_tensor.byte_offset = 2 * sizeof(double);
    f->shape[0] = 3;
    Float64 c = tj::from_dlpack<Float64>(t);
    CHECK(tj::to_vector(c) == std::vector<double>{3.0, 4.0, 5.0});
    CHECK(c.data() == f->storage.data() + 2);
    c = Float64();
    CHECK(deleted == 2);
}

TEST_CASE("dlpack: from_dlpack refuses what it cannot map and leaves the tensor to the caller") {
    int deleted = 0;
    DLManagedTensor *t = ForeignTensor::make({1.0, 2.0, 3.0, 4.0}, &deleted);
    auto *f = static_cast<ForeignTensor *>(t->manager_ctx);
    DLTensor &d = t->dl_tensor;
    auto refusal = [&] { return error_of([&] { tj::from_dlpack<Float64>(t); }); };

    CHECK(contains(error_of([] { tj::from_dlpack<Float>(nullptr); }), "tj::from_dlpack(): the tensor is null"));
    CHECK(contains(error_of([&] { tj::from_dlpack<Float>(t); }),
                   "tj::from_dlpack(): the tensor's dtype is float64 but the array's is float32"));
    CHECK(contains(error_of([&] { tj::from_dlpack<tj::Int64>(t); }), "dtype is float64 but the array's is int64"));
    d.dtype.lanes = 2;
    CHECK(contains(refusal(), "dtype is float64x2"));
    d.dtype.lanes = 1;

    d.ndim = 2;
    f->shape[0] = 2;
    f->shape[1] = 2;
    CHECK(contains(refusal(), "the tensor has 2 dimensions"));
    d.ndim = 1;
    f->shape[0] = 4;

    d.strides = f->strides;
    f->strides[0] = 2;
    CHECK(contains(refusal(), "the tensor is not contiguous (stride 2)"));
    f->strides[0] = 1;
    d.strides = nullptr;

    d.device = {kDLCUDAHost, 0};
    CHECK(contains(refusal(), "only kDLCPU and kDLCUDA memory can be mapped"));
    d.device = {kDLCUDA, 0};
    CHECK(contains(refusal(), "the tensor is in CUDA memory but the current backend is the CPU"));
    d.device = {kDLCPU, 0};

    d.data = nullptr;
    CHECK(contains(refusal(), "the tensor's data pointer is null"));
    d.data = f->storage.data();

    d.byte_offset = 3; // not a multiple of 8
    CHECK(contains(refusal(), "not aligned to the 8-byte elements"));
    d.byte_offset = 0;

    CHECK(deleted == 0); // refused: still the caller's
    Float64 ok = tj::from_dlpack<Float64>(t);
    CHECK(ok.read(3) == 4.0);
    ok = Float64();
    CHECK(deleted == 1);
}

TEST_CASE("dlpack: to_dlpack refuses literals, unevaluated arrays, pending scatters and frozen bodies") {
    std::string e = error_of([] { tj::to_dlpack(tj::full<Float>(1.f, 4)); });
    CHECK(contains(e, "tj::to_dlpack(): the array is a literal"));
    CHECK(contains(e, "tj::make_opaque"));
    Float x = {1.f, 2.f};
    e = error_of([&] { tj::to_dlpack(x + 1.f); });
    CHECK(contains(e, "tj::to_dlpack(): the array is unevaluated"));
    CHECK(contains(e, "call tj::eval(x) first"));
    Float target = tj::zeros<Float>(3);
    tj::make_opaque(target);
    tj::scatter(target, Float(1.f), UInt32(0u));
    e = error_of([&] { tj::to_dlpack(target); });
    CHECK(contains(e, "a scatter into it is pending"));
    CHECK(contains(error_of([] { tj::to_dlpack(Float()); }), "tj::to_dlpack(): the array is empty"));

    auto exports = tj::freeze([](const Float &v) {
        DLManagedTensor *t = tj::to_dlpack(v);
        t->deleter(t);
        return v;
    });
    bool frozen_error = false;
    try {
        exports(Float({1.f}));
    } catch (const tj::FreezeError &err) {
        frozen_error = contains(err.what(), "tj::to_dlpack() is called inside a frozen function");
    }
    CHECK(frozen_error);

    int deleted = 0;
    DLManagedTensor *t = ForeignTensor::make({1.0}, &deleted);
    auto imports = tj::freeze([&](const Float64 &v) { return v + tj::from_dlpack<Float64>(t); });
    frozen_error = false;
    try {
        imports(Float64({1.0}));
    } catch (const tj::FreezeError &err) {
        frozen_error = contains(err.what(), "tj::from_dlpack() is called inside a frozen function");
    }
    CHECK(frozen_error);
    CHECK(deleted == 0);
    t->deleter(t);
    CHECK(deleted == 1);
}
