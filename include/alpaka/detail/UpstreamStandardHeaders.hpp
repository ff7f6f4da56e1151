// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The standard headers upstream alpaka's umbrella header makes available through its own includes, which code in the
//! wild relies on (std::reduce, std::iota or std::fabs after including only <alpaka/alpaka.hpp>; names #defined after
//! it that a later <cmath> would break). This library's headers include only what each needs, which keeps a unit
//! small; alpaka.hpp includes this file unless ALPAKA_LEAN_UMBRELLA is defined (docs/compile-time.md has what each
//! form costs).

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>
