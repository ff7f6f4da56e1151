// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The result table: rows collected while measuring, printed aligned at the end (so that progress messages do not
//! interleave with it) and optionally written as CSV.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bench
{
    //! How a value is set against its native peer: bandwidths as a ratio, times as a difference.
    enum class Compare
    {
        Ratio,
        Difference
    };

    struct Row
    {
        std::string section;                                     //!< "triad", "launch", "reduce"
        std::string backend;                                     //!< an alpaka accelerator name, or "native ..."
        std::string metric;                                      //!< what was measured, with its unit
        double value = std::numeric_limits<double>::quiet_NaN(); //!< the median; NaN: skipped
        //! The best sample (the minimum of a time, the maximum of a rate); NaN where not recorded.
        double best = std::numeric_limits<double>::quiet_NaN();
        std::string peer; //!< the native peer it is compared with ("" for none)
        double peerValue = std::numeric_limits<double>::quiet_NaN();
        Compare compare = Compare::Ratio;
        std::string target; //!< the performance target, e.g. ">= 0.97x" ("" for none)
        std::string status; //!< "met", "missed" or ""
        std::string notes;  //!< work division, or why the row was skipped

        [[nodiscard]] auto ratio() const -> double
        {
            return value / peerValue;
        }

        [[nodiscard]] auto difference() const -> double
        {
            return value - peerValue;
        }
    };

    class Report
    {
    public:
        void add(Row row)
        {
            m_rows.push_back(std::move(row));
        }

        //! Titles printed above the first row of each section.
        void setSectionTitle(std::string const& section, std::string title)
        {
            m_titles.emplace_back(section, std::move(title));
        }

        void print(std::ostream& os) const
        {
            std::array<std::string, 8> const header
                = {"back-end", "metric", "value", "best", "peer", "peer value", "vs peer", "target"};
            std::vector<std::array<std::string, 8>> cells;
            for(auto const& row : m_rows)
                cells.push_back(
                    {row.backend,
                     row.metric,
                     number(row.value),
                     number(row.best),
                     row.peer.empty() ? "-" : row.peer,
                     number(row.peerValue),
                     comparison(row),
                     row.target.empty() ? "-" : row.target + (row.status.empty() ? "" : " " + row.status)});
            std::array<std::size_t, 8> width{};
            for(std::size_t c = 0; c < width.size(); ++c)
            {
                width[c] = header[c].size();
                for(auto const& line : cells)
                    width[c] = std::max(width[c], line[c].size());
            }
            // Text columns left, numbers right.
            std::array<bool, 8> const right = {false, false, true, true, false, true, true, false};
            auto const printLine = [&](std::array<std::string, 8> const& line, std::string const& notes)
            {
                for(std::size_t c = 0; c < line.size(); ++c)
                    os << (right[c] ? std::right : std::left) << std::setw(static_cast<int>(width[c])) << line[c]
                       << "  ";
                os << notes << "\n";
            };
            std::string section;
            for(std::size_t r = 0; r < m_rows.size(); ++r)
            {
                if(m_rows[r].section != section)
                {
                    section = m_rows[r].section;
                    os << "\n" << title(section) << "\n";
                    printLine(header, "notes");
                }
                printLine(cells[r], m_rows[r].notes);
            }
            os << std::flush;
        }

        //! One line per row; empty fields where a value does not apply. `best` comes last so that readers of the
        //! older columns keep working.
        void writeCsv(std::string const& path) const
        {
            std::ofstream file(path);
            if(!file)
                throw std::runtime_error("cannot open '" + path + "' for writing");
            file << "section,backend,metric,value,peer,peer_value,ratio,difference,target,status,notes,best\n";
            for(auto const& row : m_rows)
            {
                bool const compared = !std::isnan(row.value) && !std::isnan(row.peerValue);
                file << csv(row.section) << ',' << csv(row.backend) << ',' << csv(row.metric) << ',' << raw(row.value)
                     << ',' << csv(row.peer) << ',' << raw(row.peerValue) << ','
                     << (compared && row.compare == Compare::Ratio ? raw(row.ratio()) : "") << ','
                     << (compared && row.compare == Compare::Difference ? raw(row.difference()) : "") << ','
                     << csv(row.target) << ',' << csv(row.status) << ',' << csv(row.notes) << ',' << raw(row.best)
                     << '\n';
            }
            if(!file)
                throw std::runtime_error("error writing '" + path + "'");
        }

    private:
        [[nodiscard]] auto title(std::string const& section) const -> std::string
        {
            for(auto const& [name, text] : m_titles)
                if(name == section)
                    return text;
            return section;
        }

        static auto number(double value) -> std::string
        {
            if(std::isnan(value))
                return "-";
            std::ostringstream os;
            os << std::fixed << std::setprecision(2) << value;
            return os.str();
        }

        static auto comparison(Row const& row) -> std::string
        {
            if(std::isnan(row.value) || std::isnan(row.peerValue))
                return "-";
            std::ostringstream os;
            // Three decimals for ratios: 0.966x must not read as 0.97x next to a ">= 0.97x missed".
            if(row.compare == Compare::Ratio)
                os << std::fixed << std::setprecision(3) << row.ratio() << "x";
            else
                os << std::fixed << std::setprecision(2) << std::showpos << row.difference() << " us";
            return os.str();
        }

        static auto raw(double value) -> std::string
        {
            if(std::isnan(value))
                return "";
            std::ostringstream os;
            os << std::setprecision(6) << value;
            return os.str();
        }

        static auto csv(std::string const& text) -> std::string
        {
            if(text.find_first_of(",\"\n") == std::string::npos)
                return text;
            std::string quoted = "\"";
            for(char const ch : text)
                quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
            return quoted + "\"";
        }

        std::vector<Row> m_rows;
        std::vector<std::pair<std::string, std::string>> m_titles;
    };
} // namespace bench
