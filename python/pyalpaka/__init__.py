# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka: portable parallel kernels written in alpaka C++, launched from Python.

One kernel runs on every back-end of this build: the CPU back-ends (serial, std::thread, OpenMP 2 blocks and
threads, oneTBB, fibers, OpenMP target) and, where present, GPUs. Start with ``pyalpaka.backends()`` and
``pyalpaka.device()``; see ``python -m pyalpaka info``.
"""

from . import _tbb  # noqa: F401  (first: loads the oneTBB library the extension links, where it came from PyPI)

# isort: split
from . import _trace, kernels
from ._buffers import asarray, empty, from_dlpack, memcpy, memory_pool, memset, pinned, zeros
from ._cache_api import cache
from ._core import BackendUnavailableError, Buffer, Device, Error, Event, Graph, MemoryPool, Queue, WorkDiv
from ._devices import Backend, backends, device, devices
from ._elementwise import ElementwiseKernel
from ._errors import CompileError
from ._kernel import CacheEntry, Kernel, max_active_blocks
from ._paths import get_include
from ._reduction import ReductionKernel
from ._trace import Trace, TraceEvent, TraceSummary, trace
from ._version import __version__
from ._workdiv import valid_workdiv

__all__ = [
    "Backend",
    "BackendUnavailableError",
    "Buffer",
    "CacheEntry",
    "CompileError",
    "Device",
    "ElementwiseKernel",
    "Error",
    "Event",
    "Graph",
    "Kernel",
    "MemoryPool",
    "Queue",
    "ReductionKernel",
    "Trace",
    "TraceEvent",
    "TraceSummary",
    "WorkDiv",
    "__version__",
    "asarray",
    "backends",
    "cache",
    "device",
    "devices",
    "empty",
    "from_dlpack",
    "get_include",
    "kernels",
    "max_active_blocks",
    "memcpy",
    "memory_pool",
    "memset",
    "pinned",
    "trace",
    "valid_workdiv",
    "zeros",
]

_trace._trace_from_environment()
