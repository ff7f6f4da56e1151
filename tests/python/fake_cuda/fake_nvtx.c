/* SPDX-FileCopyrightText: The pyalpaka authors
 * SPDX-License-Identifier: MPL-2.0
 *
 * A stand-in NVTX library for the tests (PYALPAKA_NVTX_LIBRARY): appends "push <name>" and "pop" lines to the file
 * $FAKE_NVTX_LOG, so a test reads which ranges the runtime opened and that each was closed. */

#include <stdio.h>
#include <stdlib.h>

static void logLine(char const* what, char const* name)
{
    char const* path = getenv("FAKE_NVTX_LOG");
    FILE* file = path ? fopen(path, "a") : NULL;
    if(!file)
        return;
    fprintf(file, name ? "%s %s\n" : "%s\n", what, name);
    fclose(file);
}

int nvtxRangePushA(char const* message)
{
    logLine("push", message ? message : "(null)");
    return 0;
}

int nvtxRangePop(void)
{
    logLine("pop", NULL);
    return 0;
}
