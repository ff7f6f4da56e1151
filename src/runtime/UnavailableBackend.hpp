// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A back-end that cannot be used in this process: listed with its reason, every use raises BackendUnavailable.

#include <string>

#include "Errors.hpp"
#include "Runtime.hpp"

namespace pyalpaka::rt
{
    class UnavailableBackend final : public Backend
    {
    public:
        UnavailableBackend(std::string name, std::string accName, std::string reason)
            : m_name(std::move(name))
            , m_accName(std::move(accName))
            , m_reason(std::move(reason))
        {
        }

        [[nodiscard]] auto name() const -> std::string const& override
        {
            return m_name;
        }

        [[nodiscard]] auto accName() const -> std::string override
        {
            return m_accName;
        }

        [[nodiscard]] auto available() const -> bool override
        {
            return false;
        }

        [[nodiscard]] auto reason() const -> std::string override
        {
            return m_reason;
        }

        [[nodiscard]] auto deviceCount() -> std::size_t override
        {
            return 0;
        }

        [[nodiscard]] auto device(std::size_t) -> std::shared_ptr<Device> override
        {
            raise();
        }

        [[nodiscard]] auto props(Device const&, std::size_t) -> DevProps override
        {
            raise();
        }

        [[nodiscard]] auto
        validWorkDiv(Device const&, Extents const&, Extents const&, bool, SubDivRestrictions) -> WorkDiv override
        {
            raise();
        }

        void checkWorkDiv(Device const&, WorkDiv const&) override
        {
            raise();
        }

    private:
        [[noreturn]] void raise() const
        {
            throw BackendUnavailable("back-end '" + m_name + "' is unavailable: " + m_reason);
        }

        std::string m_name;
        std::string m_accName;
        std::string m_reason;
    };
} // namespace pyalpaka::rt
