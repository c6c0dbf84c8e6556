// runtime/ad/jit_ref.h — JitRef: an owned reference to a JIT variable, and the few operations derivative rules use
#pragma once

#include <tracejit/detail/core.h>

#include <cstdint>
#include <cstring>
#include <utility>

namespace tj::ad {

using detail::Op;

/// Owns one reference to a JIT variable (0: none).
class JitRef {
  public:
    JitRef() = default;
    /// Takes over a reference the caller owns.
    explicit JitRef(uint32_t id) : m_id(id) {}
    /// Takes a new reference to `id`.
    static JitRef borrow(uint32_t id) {
        detail::var_inc_ref(id);
        return JitRef(id);
    }
    JitRef(const JitRef &o) : m_id(o.m_id) { detail::var_inc_ref(m_id); }
    JitRef(JitRef &&o) noexcept : m_id(std::exchange(o.m_id, 0)) {}
    JitRef &operator=(JitRef o) noexcept {
        std::swap(m_id, o.m_id);
        return *this;
    }
    ~JitRef() { detail::var_dec_ref(m_id); }

    uint32_t id() const { return m_id; }
    explicit operator bool() const { return m_id != 0; }
    /// Gives up ownership.
    uint32_t release() { return std::exchange(m_id, 0); }

  private:
    uint32_t m_id = 0;
};

/// The name under which derivative code reports errors.
inline constexpr const char *ad_api = "tj::ad";

inline JitRef op(Op o, const JitRef &a, const JitRef &b = {}, const JitRef &c = {}) {
    return JitRef(detail::var_op(ad_api, o, a.id(), b.id(), c.id()));
}
/// A width-`n` literal of floating-point type `t` with value `v`.
inline JitRef literal(VarType t, double v, size_t n = 1) {
    uint64_t bits = 0;
    if (t == VarType::Float32) {
        float f = static_cast<float>(v);
        std::memcpy(&bits, &f, sizeof f);
    } else {
        std::memcpy(&bits, &v, sizeof v);
    }
    return JitRef(detail::var_literal(t, bits, n));
}
inline VarType type_of(const JitRef &a) { return detail::var_type(a.id()); }
inline JitRef lit_like(const JitRef &a, double v) { return literal(type_of(a), v); }
inline JitRef operator+(const JitRef &a, const JitRef &b) { return op(Op::Add, a, b); }
inline JitRef operator-(const JitRef &a, const JitRef &b) { return op(Op::Sub, a, b); }
inline JitRef operator*(const JitRef &a, const JitRef &b) { return op(Op::Mul, a, b); }
inline JitRef operator/(const JitRef &a, const JitRef &b) { return op(Op::Div, a, b); }
inline JitRef operator-(const JitRef &a) { return op(Op::Neg, a); }
inline JitRef select(const JitRef &m, const JitRef &a, const JitRef &b) { return op(Op::Select, m, a, b); }

} // namespace tj::ad
