// plugin/engine/core/engine_options.h — what the engine's caller chooses about the rewrite (exceptions, twins)
//
// Given to the driver (engine.h), which passes it on to the planner (plan/plan_statements.h).
#pragma once

namespace tracejit::plugin {

struct EngineOptions {
    bool exceptions = true; ///< LangOpts.CXXExceptions: wrap bodies in try/catch to record exceptions
    bool twins = true;      ///< keep the body as written for calls made while nothing records (plan/plan_twin.h)
};

} // namespace tracejit::plugin
