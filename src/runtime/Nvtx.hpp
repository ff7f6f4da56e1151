// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! NVTX ranges for Nsight Systems: while a trace runs, the cuda back-end's launches, copies and fills, and the
//! run-time compilations, are ranges named after what they do. The NVTX library is loaded at run time, never linked:
//! $PYALPAKA_NVTX_LIBRARY if set, else libnvtx3interop.so.1 (CUDA 12.8 on) or libnvToolsExt.so.1 (older toolkits,
//! the nvidia-nvtx wheels). Without one, ranges cost nothing beyond the first look. docs/profiling.md.

#include <cstdlib>
#include <string>

#include <dlfcn.h>

namespace pyalpaka::rt
{
    class Nvtx
    {
    public:
        //! The loaded library's two entry points, or null when there is none.
        struct Api
        {
            int (*rangePushA)(char const* message);
            int (*rangePop)();
        };

        [[nodiscard]] static auto api() -> Api const*
        {
            static Api const* const loaded = load();
            return loaded;
        }

    private:
        static auto load() -> Api const*
        {
            char const* const configured = std::getenv("PYALPAKA_NVTX_LIBRARY");
            char const* const candidates[] = {configured, "libnvtx3interop.so.1", "libnvToolsExt.so.1"};
            for(char const* name : candidates)
            {
                if(name == nullptr || *name == '\0')
                    continue;
                void* const library = ::dlopen(name, RTLD_NOW | RTLD_LOCAL);
                if(library == nullptr)
                {
                    if(name == configured)
                        return nullptr; // the user's choice, or none
                    continue;
                }
                auto* const push = reinterpret_cast<int (*)(char const*)>(::dlsym(library, "nvtxRangePushA"));
                auto* const pop = reinterpret_cast<int (*)()>(::dlsym(library, "nvtxRangePop"));
                if(push != nullptr && pop != nullptr)
                    return new Api{push, pop}; // for the process's lifetime, like the library
                ::dlclose(library);
            }
            return nullptr;
        }
    };

    //! An NVTX range of the calling thread for the scope, when an NVTX library is present.
    class NvtxRange
    {
    public:
        //! Opens no range unless `enabled` (the back-end's API is CUDA's).
        explicit NvtxRange(std::string const& name, bool enabled = true) noexcept
        {
            if(!enabled)
                return;
            if(auto const* api = Nvtx::api())
            {
                api->rangePushA(name.c_str());
                m_api = api;
            }
        }

        NvtxRange(NvtxRange const&) = delete;
        auto operator=(NvtxRange const&) -> NvtxRange& = delete;

        ~NvtxRange()
        {
            if(m_api != nullptr)
                m_api->rangePop();
        }

    private:
        Nvtx::Api const* m_api = nullptr;
    };
} // namespace pyalpaka::rt
