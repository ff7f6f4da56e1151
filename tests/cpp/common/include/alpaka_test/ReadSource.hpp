// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

// The command line shared by nvrtc_compile and hiprtc_compile: `<program> <source> [compiler options...]`.

#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

//! The content of the source file argv[1]; nullopt, after saying why on stderr, without one or when it is unreadable.
inline auto readSource(int argc, char** argv) -> std::optional<std::string>
{
    if(argc < 2)
    {
        std::fprintf(stderr, "usage: %s <source> [compiler options...]\n", argv[0]);
        return std::nullopt;
    }
    std::ifstream file(argv[1], std::ios::binary);
    if(!file)
    {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return std::nullopt;
    }
    return std::string{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}
