# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Prints the absolute path of the file named NAME in the installed distribution DIST (a wheel's data files, such as
tbb-devel's lib/cmake/tbb/TBBConfig.cmake, lie outside site-packages), or nothing where DIST is not installed.

Usage: python pyalpakaFindWheelFile.py DIST NAME (cmake/pyalpakaBackends.cmake runs it at configure time)."""

import importlib.metadata
import sys


def main(dist: str, name: str) -> None:
    try:
        files = importlib.metadata.distribution(dist).files or ()
    except importlib.metadata.PackageNotFoundError:
        return
    for file in files:
        if file.name.lower() == name.lower():
            print(file.locate().resolve())
            return


if __name__ == "__main__":
    main(*sys.argv[1:3])
