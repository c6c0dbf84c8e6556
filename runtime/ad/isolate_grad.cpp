// runtime/ad/isolate_grad.cpp — tj::IsolateGrad: the RAII scope over ad_scope_enter/ad_scope_leave
#include <tracejit/ad.h>

#include <exception>

namespace tj {

IsolateGrad::IsolateGrad() : m_exceptions(std::uncaught_exceptions()) { detail::ad_scope_enter(); }

// Leaving by an exception leaves the waiting gradients where they are (and never throws during unwinding).
IsolateGrad::~IsolateGrad() noexcept(false) { detail::ad_scope_leave(std::uncaught_exceptions() == m_exceptions); }

} // namespace tj
