// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::demangled<T>: a readable name of a type, for messages and getAccName.

#include <string>
#include <typeinfo>
#if __has_include(<cxxabi.h>)
#    include <cstdlib>
#    include <memory>

#    include <cxxabi.h>
#endif

namespace alpaka::core
{
    template<typename T>
    [[nodiscard]] inline auto demangledName() -> std::string
    {
        char const* const mangled = typeid(T).name();
#if __has_include(<cxxabi.h>)
        int status = 0;
        std::unique_ptr<char, void (*)(void*)> const readable{
            abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free};
        if(status == 0 && readable)
            return readable.get();
#endif
        return mangled;
    }

    //! The demangled name of T, computed once.
    template<typename T>
    inline std::string const demangled = demangledName<T>();
} // namespace alpaka::core
