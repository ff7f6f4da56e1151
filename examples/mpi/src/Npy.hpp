// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! writeNpy(path, data, ny, nx): a row-major 2-D field of doubles as a NumPy .npy file (format 1.0), so that
//! numpy.load reads what the C++ and the Python versions of the example write, and the test compares them.

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>

namespace heat
{
    //! Writes ny x nx little-endian doubles with the .npy header; throws std::runtime_error when the file fails.
    inline void writeNpy(std::string const& path, double const* data, std::size_t ny, std::size_t nx)
    {
        static_assert(sizeof(double) == 8);
        std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(ny) + ", "
                             + std::to_string(nx) + "), }";
        // The format pads the header with spaces and a newline so that the data starts 64-byte aligned:
        // 6 bytes magic, 2 bytes version, 2 bytes header length.
        std::size_t const prefix = 10;
        header.append(63 - (prefix + header.size()) % 64, ' ');
        header.push_back('\n');
        std::ofstream file(path, std::ios::binary);
        auto const headerLength = static_cast<std::uint16_t>(header.size());
        char const lengthBytes[2] = {static_cast<char>(headerLength & 0xffu), static_cast<char>(headerLength >> 8u)};
        file.write("\x93NUMPY\x01\x00", 8);
        file.write(lengthBytes, 2);
        file.write(header.data(), static_cast<std::streamsize>(header.size()));
        // x86-64 and the other targets alpaka's CPU back-ends run on are little-endian, as '<f8' says.
        file.write(reinterpret_cast<char const*>(data), static_cast<std::streamsize>(ny * nx * sizeof(double)));
        if(!file)
            throw std::runtime_error("cannot write " + path);
    }
} // namespace heat
