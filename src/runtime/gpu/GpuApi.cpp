// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! What the GPU APIs share once loaded: their errors as exceptions, and making a device's context current.

#include "GpuApi.hpp"

#include <stdexcept>

#include "runtime/Errors.hpp"

namespace pyalpaka::rt::gpu
{
    auto completeLoad(Api const* api, char const* missing, char const* what) -> ApiLoad
    {
        if(missing != nullptr)
            return {nullptr, api->library + " is not a usable " + what + ": it lacks " + missing};
        if(Result const status = api->init(0); status != success)
        {
            char const* name = nullptr;
            if(api->getErrorName(status, &name) != success || name == nullptr)
                name = "?";
            return {
                nullptr,
                std::string(what) + " initialisation failed (" + api->init.symbol + " returned " + name + " = "
                    + std::to_string(status) + "): no usable GPU"};
        }
        return {api, {}};
    }

    auto describeError(Api const& api, Result result, char const* call) -> std::string
    {
        char const* name = nullptr;
        char const* text = nullptr;
        if(api.getErrorName(result, &name) != success || name == nullptr)
            name = "unknown error";
        if(api.getErrorString(result, &text) != success || text == nullptr)
            text = "no description";
        std::string message
            = std::string(call) + " failed: " + name + " (" + std::to_string(result) + ": " + text + ")";
        if(char const* detail = api.detail != nullptr ? api.detail() : nullptr; detail != nullptr && *detail != '\0')
            message += std::string(": ") + detail;
        return message;
    }

    void check(Api const& api, Result result, char const* call)
    {
        if(result == success)
            return;
        if(result == errorOutOfMemory)
            throw OutOfMemory(describeError(api, result, call));
        throw std::runtime_error(describeError(api, result, call));
    }

    ContextScope::ContextScope(Api const& api, ContextHandle context)
        : m_api(api)
    {
        ContextHandle current = nullptr;
        if(api.ctxGetCurrent(&current) != success || current != context)
        {
            PYALPAKA_GPU_CHECK(api, ctxPushCurrent, context);
            m_pushed = true;
        }
        m_entered = true;
    }

    ContextScope::ContextScope(Api const& api, ContextHandle context, std::nothrow_t) noexcept
        : m_api(api)
    {
        ContextHandle current = nullptr;
        if(api.ctxGetCurrent(&current) != success || current != context)
        {
            if(api.ctxPushCurrent(context) != success)
                return;
            m_pushed = true;
        }
        m_entered = true;
    }

    ContextScope::~ContextScope()
    {
        if(!m_pushed)
            return;
        ContextHandle popped = nullptr;
        (void)m_api.ctxPopCurrent(&popped); // a destructor must not throw; push succeeded, so does pop
    }
} // namespace pyalpaka::rt::gpu
