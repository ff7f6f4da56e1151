/* SPDX-FileCopyrightText: The pyalpaka authors
 * SPDX-License-Identifier: MPL-2.0
 *
 * A stand-in for libcuda.so.1 for the plumbing tests of pyalpaka's cuda back-end (test_gpu_standin.py),
 * selected with PYALPAKA_CUDA_DRIVER. It implements the driver calls the back-end uses on host memory: one device,
 * "stand-in GPU" of compute capability 9.0; device memory is malloc'ed; streams run every operation at once; events
 * are always complete; host functions run in the calling thread. Module loading fails with
 * CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel runs here. Unless FAKE_CUDA_MODULES=1 is in the environment: then any image
 * loads as a module whose every function launches without running (no work, at once), so that the launch path of the
 * back-end can be checked and timed; fake_cuda_last_launch holds what the last launch was given. Checks that catch
 * misuse: pitches smaller than the width, pops of an empty context stack, frees of unknown pointers, allocations
 * beyond the fake memory size.
 *
 * One file of some 950 lines: every entry point the back-end binds (src/runtime/cuda/CudaDriver.hpp) is here, so that
 * the ABI check (check_driver_abi.cpp) and a reader compare one list with the other.
 */

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum
{
    SUCCESS = 0,
    INVALID_VALUE = 1,
    OUT_OF_MEMORY = 2,
    NOT_INITIALIZED = 3,
    INVALID_DEVICE = 101,
    NO_BINARY_FOR_GPU = 209,
    INVALID_PTX = 218,
    INVALID_CONTEXT = 201,
    INVALID_HANDLE = 400,
    STREAM_CAPTURE_UNSUPPORTED = 900,
    STREAM_CAPTURE_INVALIDATED = 901
};

#define TOTAL_MEMORY    (1ull << 30)
#define MAX_ALLOCATIONS 4096

static int initialised;
static int contextDepth;
static int primaryRetains;
static size_t allocatedBytes;
static struct
{
    void* pointer;
    size_t bytes;
} allocations[MAX_ALLOCATIONS];

typedef struct
{
    size_t srcXInBytes, srcY;
    int srcMemoryType;
    void const* srcHost;
    CUdeviceptr srcDevice;
    void* srcArray;
    size_t srcPitch;
    size_t dstXInBytes, dstY;
    int dstMemoryType;
    void* dstHost;
    CUdeviceptr dstDevice;
    void* dstArray;
    size_t dstPitch;
    size_t WidthInBytes, Height;
} Memcpy2D;

typedef struct
{
    size_t srcXInBytes, srcY, srcZ, srcLOD;
    int srcMemoryType;
    void const* srcHost;
    CUdeviceptr srcDevice;
    void* srcArray;
    void* reserved0;
    size_t srcPitch, srcHeight;
    size_t dstXInBytes, dstY, dstZ, dstLOD;
    int dstMemoryType;
    void* dstHost;
    CUdeviceptr dstDevice;
    void* dstArray;
    void* reserved1;
    size_t dstPitch, dstHeight;
    size_t WidthInBytes, Height, Depth;
} Memcpy3D;

/* Statistics the tests read through ctypes. */
int fake_cuda_live_allocations(void)
{
    int n = 0;
    for(int i = 0; i < MAX_ALLOCATIONS; ++i)
        n += allocations[i].pointer != NULL;
    return n;
}

int fake_cuda_context_depth(void)
{
    return contextDepth;
}

int fake_cuda_primary_retains(void)
{
    return primaryRetains;
}

CUresult cuInit(unsigned flags)
{
    if(flags != 0)
        return INVALID_VALUE;
    initialised = 1;
    return SUCCESS;
}

CUresult cuGetErrorName(CUresult error, char const** name)
{
    switch(error)
    {
        case SUCCESS:
            *name = "CUDA_SUCCESS";
            return SUCCESS;
        case INVALID_VALUE:
            *name = "CUDA_ERROR_INVALID_VALUE";
            return SUCCESS;
        case OUT_OF_MEMORY:
            *name = "CUDA_ERROR_OUT_OF_MEMORY";
            return SUCCESS;
        case NOT_INITIALIZED:
            *name = "CUDA_ERROR_NOT_INITIALIZED";
            return SUCCESS;
        case INVALID_DEVICE:
            *name = "CUDA_ERROR_INVALID_DEVICE";
            return SUCCESS;
        case NO_BINARY_FOR_GPU:
            *name = "CUDA_ERROR_NO_BINARY_FOR_GPU";
            return SUCCESS;
        case INVALID_PTX:
            *name = "CUDA_ERROR_INVALID_PTX";
            return SUCCESS;
        case INVALID_CONTEXT:
            *name = "CUDA_ERROR_INVALID_CONTEXT";
            return SUCCESS;
        case INVALID_HANDLE:
            *name = "CUDA_ERROR_INVALID_HANDLE";
            return SUCCESS;
        default:
            *name = NULL;
            return INVALID_VALUE;
    }
}

CUresult cuGetErrorString(CUresult error, char const** text)
{
    switch(error)
    {
        case NO_BINARY_FOR_GPU:
            *text = "no kernel image is available for execution on the device";
            return SUCCESS;
        case OUT_OF_MEMORY:
            *text = "out of memory";
            return SUCCESS;
        case INVALID_VALUE:
            *text = "invalid argument";
            return SUCCESS;
        default:
            *text = "stand-in driver error";
            return SUCCESS;
    }
}

#define REQUIRE_INIT()                                                                                                 \
    if(!initialised)                                                                                                   \
    return NOT_INITIALIZED
/* The HIP stand-in (fake_hip/fake_libamdhip64.c) includes this file with FAKE_CUDA_NO_CONTEXTS defined: HIP has no
 * contexts to push (a thread's current device takes their place), so its calls work without one. */
#ifdef FAKE_CUDA_NO_CONTEXTS
#    define REQUIRE_CONTEXT() (void)0
#else
#    define REQUIRE_CONTEXT()                                                                                          \
        if(contextDepth <= 0)                                                                                          \
        return INVALID_CONTEXT
#endif

CUresult cuDeviceGetCount(int* count)
{
    REQUIRE_INIT();
    *count = 1;
    return SUCCESS;
}

CUresult cuDeviceGet(int* device, int ordinal)
{
    REQUIRE_INIT();
    if(ordinal != 0)
        return INVALID_DEVICE;
    *device = 0;
    return SUCCESS;
}

CUresult cuDeviceGetName(char* name, int length, int device)
{
    if(device != 0)
        return INVALID_DEVICE;
    strncpy(name, "stand-in GPU", (size_t)length);
    return SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t* bytes, int device)
{
    if(device != 0)
        return INVALID_DEVICE;
    *bytes = TOTAL_MEMORY;
    return SUCCESS;
}

CUresult cuDeviceGetAttribute(int* value, int attribute, int device)
{
    if(device != 0)
        return INVALID_DEVICE;
    switch(attribute)
    {
        case 1:
            *value = 1024;
            return SUCCESS; /* max threads per block */
        case 2:
            *value = 1024;
            return SUCCESS; /* block x */
        case 3:
            *value = 1024;
            return SUCCESS; /* block y */
        case 4:
            *value = 64;
            return SUCCESS; /* block z */
        case 5:
            *value = 2147483647;
            return SUCCESS; /* grid x */
        case 6:
            *value = 65535;
            return SUCCESS; /* grid y */
        case 7:
            *value = 65535;
            return SUCCESS; /* grid z */
        case 8:
            *value = 49152;
            return SUCCESS; /* shared memory per block */
        case 10:
            *value = 32;
            return SUCCESS; /* warp size */
        case 16:
            *value = 132;
            return SUCCESS; /* multiprocessors */
        case 75:
            *value = 9;
            return SUCCESS; /* compute capability */
        case 76:
            *value = 0;
            return SUCCESS;
        case 95:
            *value = 1;
            return SUCCESS; /* cooperative launch */
        case 97:
            *value = 232448;
            return SUCCESS; /* shared memory per block, opt-in */
        default:
            return INVALID_VALUE;
    }
}

CUresult cuDevicePrimaryCtxRetain(void** context, int device)
{
    if(device != 0)
        return INVALID_DEVICE;
    ++primaryRetains;
    *context = (void*)&primaryRetains;
    return SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(int device)
{
    if(device != 0 || primaryRetains <= 0)
        return INVALID_DEVICE;
    --primaryRetains;
    return SUCCESS;
}

CUresult cuCtxGetCurrent(void** context)
{
    if(!context)
        return INVALID_VALUE;
    *context = contextDepth > 0 ? (void*)&primaryRetains : NULL;
    return SUCCESS;
}

CUresult cuCtxPushCurrent_v2(void* context)
{
    if(context != (void*)&primaryRetains)
        return INVALID_CONTEXT;
    ++contextDepth;
    return SUCCESS;
}

CUresult cuCtxPopCurrent_v2(void** context)
{
    REQUIRE_CONTEXT();
    --contextDepth;
    if(context)
        *context = (void*)&primaryRetains;
    return SUCCESS;
}

CUresult cuCtxSynchronize(void)
{
    REQUIRE_CONTEXT();
    return SUCCESS;
}

CUresult cuMemGetInfo_v2(size_t* free, size_t* total)
{
    REQUIRE_CONTEXT();
    *free = TOTAL_MEMORY - allocatedBytes;
    *total = TOTAL_MEMORY;
    return SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr* pointer, size_t bytes)
{
    REQUIRE_CONTEXT();
    if(bytes == 0)
        return INVALID_VALUE;
    if(bytes > TOTAL_MEMORY - allocatedBytes)
        return OUT_OF_MEMORY;
    for(int i = 0; i < MAX_ALLOCATIONS; ++i)
        if(allocations[i].pointer == NULL)
        {
            void* p = aligned_alloc(256, (bytes + 255) / 256 * 256);
            if(p == NULL)
                return OUT_OF_MEMORY;
            /* Not zero: a test must not pass because fresh memory happens to be zeroed. */
            memset(p, 0xA5, bytes);
            allocations[i].pointer = p;
            allocations[i].bytes = bytes;
            allocatedBytes += bytes;
            *pointer = (CUdeviceptr)(uintptr_t)p;
            return SUCCESS;
        }
    return OUT_OF_MEMORY;
}

CUresult cuMemFree_v2(CUdeviceptr pointer)
{
    REQUIRE_CONTEXT();
    for(int i = 0; i < MAX_ALLOCATIONS; ++i)
        if(allocations[i].pointer == (void*)(uintptr_t)pointer)
        {
            free(allocations[i].pointer);
            allocatedBytes -= allocations[i].bytes;
            allocations[i].pointer = NULL;
            return SUCCESS;
        }
    return INVALID_VALUE;
}

/* Page-locked host memory: plain malloc'ed memory, counted apart from device memory. */
static int pinnedAllocations;

int fake_cuda_live_pinned_allocations(void)
{
    return pinnedAllocations;
}

CUresult cuMemHostAlloc(void** pointer, size_t bytes, unsigned flags)
{
    REQUIRE_CONTEXT();
    if(bytes == 0 || (flags & ~7u) != 0)
        return INVALID_VALUE;
    *pointer = aligned_alloc(256, (bytes + 255) / 256 * 256);
    if(*pointer == NULL)
        return OUT_OF_MEMORY;
    ++pinnedAllocations;
    return SUCCESS;
}

CUresult cuMemFreeHost(void* pointer)
{
    REQUIRE_CONTEXT();
    if(pointer == NULL)
        return INVALID_VALUE;
    free(pointer);
    --pinnedAllocations;
    return SUCCESS;
}

/* Stream capture: while the (one) stream captures, the operations below are appended to `recording` instead of
 * being run; a graph is such a list, and cuGraphLaunch runs it again. A synchronising call on the capturing stream
 * fails with CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED and invalidates the capture, as the driver does; so does
 * cuGraphLaunch (a graph joins a capture as a child graph node). */
enum OpKind
{
    OP_COPY2D,
    OP_COPY3D,
    OP_SET1D,
    OP_SET2D,
    OP_HOST,
    OP_GRAPH
};

typedef struct Op
{
    enum OpKind kind;
    Memcpy2D copy2D;
    Memcpy3D copy3D;
    CUdeviceptr dst;
    size_t pitch, width, height;
    unsigned char value;
    void (*fn)(void*);
    void* userData;
    struct Graph* graph;
} Op;

typedef struct Graph
{
    Op* ops;
    size_t count, capacity;
} Graph;

static Graph* recording;
static int captureInvalidated;

static CUresult record(Op op)
{
    if(recording->count == recording->capacity)
    {
        size_t const capacity = recording->capacity ? 2 * recording->capacity : 8;
        Op* const grown = realloc(recording->ops, capacity * sizeof(Op));
        if(!grown)
            return OUT_OF_MEMORY;
        recording->ops = grown;
        recording->capacity = capacity;
    }
    recording->ops[recording->count++] = op;
    return SUCCESS;
}

/* Synchronising with a capturing stream: refused, and the capture is invalidated. */
static CUresult refuseWhileCapturing(void)
{
    if(!recording)
        return SUCCESS;
    captureInvalidated = 1;
    return STREAM_CAPTURE_UNSUPPORTED;
}

static CUresult replay(Graph const* graph);

static void const* source2D(Memcpy2D const* c)
{
    return c->srcMemoryType == 1 ? c->srcHost : (void const*)(uintptr_t)c->srcDevice;
}

static void* destination2D(Memcpy2D const* c)
{
    return c->dstMemoryType == 1 ? c->dstHost : (void*)(uintptr_t)c->dstDevice;
}

CUresult cuMemcpy2DAsync_v2(Memcpy2D const* c, void* stream)
{
    (void)stream;
    REQUIRE_CONTEXT();
    if(recording)
        return record((Op){.kind = OP_COPY2D, .copy2D = *c});
    if(c->srcPitch < c->WidthInBytes || c->dstPitch < c->WidthInBytes || c->srcArray || c->dstArray)
        return INVALID_VALUE;
    char const* src = (char const*)source2D(c) + c->srcY * c->srcPitch + c->srcXInBytes;
    char* dst = (char*)destination2D(c) + c->dstY * c->dstPitch + c->dstXInBytes;
    for(size_t row = 0; row < c->Height; ++row)
        memcpy(dst + row * c->dstPitch, src + row * c->srcPitch, c->WidthInBytes);
    return SUCCESS;
}

CUresult cuMemcpy3DAsync_v2(Memcpy3D const* c, void* stream)
{
    (void)stream;
    REQUIRE_CONTEXT();
    if(recording)
        return record((Op){.kind = OP_COPY3D, .copy3D = *c});
    if(c->srcPitch < c->WidthInBytes || c->dstPitch < c->WidthInBytes || c->srcHeight < c->Height
       || c->dstHeight < c->Height || c->reserved0 || c->reserved1 || c->srcArray || c->dstArray)
        return INVALID_VALUE;
    char const* src = c->srcMemoryType == 1 ? (char const*)c->srcHost : (char const*)(uintptr_t)c->srcDevice;
    char* dst = c->dstMemoryType == 1 ? (char*)c->dstHost : (char*)(uintptr_t)c->dstDevice;
    for(size_t z = 0; z < c->Depth; ++z)
        for(size_t y = 0; y < c->Height; ++y)
            memcpy(
                dst + (z * c->dstHeight + y) * c->dstPitch,
                src + (z * c->srcHeight + y) * c->srcPitch,
                c->WidthInBytes);
    return SUCCESS;
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count, void* stream)
{
    (void)stream;
    REQUIRE_CONTEXT();
    if(recording)
        return record((Op){.kind = OP_SET1D, .dst = dst, .value = value, .width = count});
    memset((void*)(uintptr_t)dst, value, count);
    return SUCCESS;
}

CUresult cuMemsetD2D8Async(CUdeviceptr dst, size_t pitch, unsigned char value, size_t width, size_t height, void* s)
{
    (void)s;
    REQUIRE_CONTEXT();
    if(pitch < width)
        return INVALID_VALUE;
    if(recording)
        return record(
            (Op){.kind = OP_SET2D, .dst = dst, .pitch = pitch, .value = value, .width = width, .height = height});
    for(size_t row = 0; row < height; ++row)
        memset((char*)(uintptr_t)dst + row * pitch, value, width);
    return SUCCESS;
}

static int streamObject;
static int eventObject;

CUresult cuStreamCreate(void** stream, unsigned flags)
{
    (void)flags;
    REQUIRE_CONTEXT();
    *stream = &streamObject;
    return SUCCESS;
}

CUresult cuStreamDestroy_v2(void* stream)
{
    REQUIRE_CONTEXT();
    return stream == &streamObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuStreamSynchronize(void* stream)
{
    REQUIRE_CONTEXT();
    if(recording)
        return refuseWhileCapturing();
    return stream == &streamObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuStreamQuery(void* stream)
{
    REQUIRE_CONTEXT();
    if(recording)
        return refuseWhileCapturing();
    return stream == &streamObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuStreamWaitEvent(void* stream, void* event, unsigned flags)
{
    (void)flags;
    REQUIRE_CONTEXT();
    return stream == &streamObject && event == &eventObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuLaunchHostFunc(void* stream, void (*fn)(void*), void* userData)
{
    REQUIRE_CONTEXT();
    if(stream != &streamObject)
        return INVALID_HANDLE;
    if(recording)
        return record((Op){.kind = OP_HOST, .fn = fn, .userData = userData});
    /* The driver calls host functions without a current context; so does this stand-in. */
    int const depth = contextDepth;
    contextDepth = 0;
    fn(userData);
    contextDepth = depth;
    return SUCCESS;
}

CUresult cuStreamBeginCapture_v2(void* stream, int mode)
{
    REQUIRE_CONTEXT();
    if(stream != &streamObject)
        return INVALID_HANDLE;
    if(recording || mode != 2 /* CU_STREAM_CAPTURE_MODE_RELAXED, what pyalpaka uses */)
        return INVALID_VALUE;
    recording = calloc(1, sizeof(Graph));
    captureInvalidated = 0;
    return recording ? SUCCESS : OUT_OF_MEMORY;
}

CUresult cuStreamEndCapture(void* stream, Graph** graph)
{
    REQUIRE_CONTEXT();
    if(stream != &streamObject || !recording)
        return INVALID_HANDLE;
    Graph* const captured = recording;
    recording = NULL;
    if(captureInvalidated)
    {
        free(captured->ops);
        free(captured);
        *graph = NULL;
        return STREAM_CAPTURE_INVALIDATED;
    }
    *graph = captured;
    return SUCCESS;
}

/* The executable graph is the graph itself. */
CUresult cuGraphInstantiateWithFlags(Graph** exec, Graph* graph, unsigned long long flags)
{
    REQUIRE_CONTEXT();
    if(!graph || flags != 0)
        return INVALID_VALUE;
    *exec = graph;
    return SUCCESS;
}

CUresult cuGraphGetNodes(Graph* graph, void** nodes, size_t* count)
{
    if(!graph || nodes)
        return INVALID_VALUE;
    *count = graph->count;
    return SUCCESS;
}

static CUresult replay(Graph const* graph)
{
    for(size_t i = 0; i < graph->count; ++i)
    {
        Op const* op = &graph->ops[i];
        CUresult result = SUCCESS;
        switch(op->kind)
        {
            case OP_COPY2D:
                result = cuMemcpy2DAsync_v2(&op->copy2D, &streamObject);
                break;
            case OP_COPY3D:
                result = cuMemcpy3DAsync_v2(&op->copy3D, &streamObject);
                break;
            case OP_SET1D:
                result = cuMemsetD8Async(op->dst, op->value, op->width, &streamObject);
                break;
            case OP_SET2D:
                result = cuMemsetD2D8Async(op->dst, op->pitch, op->value, op->width, op->height, &streamObject);
                break;
            case OP_HOST:
                result = cuLaunchHostFunc(&streamObject, op->fn, op->userData);
                break;
            case OP_GRAPH:
                result = replay(op->graph);
                break;
        }
        if(result != SUCCESS)
            return result;
    }
    return SUCCESS;
}

CUresult cuGraphLaunch(Graph* exec, void* stream)
{
    REQUIRE_CONTEXT();
    if(!exec || stream != &streamObject)
        return INVALID_HANDLE;
    if(recording)
        return refuseWhileCapturing();
    return replay(exec);
}

/* The capture's graph; no nodes are reported as dependencies (the fake runs its operations in order). */
CUresult cuStreamGetCaptureInfo_v3(
    void* stream,
    int* status,
    unsigned long long* id,
    Graph** graph,
    void const** dependencies,
    void const** edgeData,
    size_t* count)
{
    REQUIRE_CONTEXT();
    if(stream != &streamObject)
        return INVALID_HANDLE;
    *status = recording ? 1 /* CU_STREAM_CAPTURE_STATUS_ACTIVE */ : 0;
    if(id)
        *id = 1;
    if(graph)
        *graph = recording;
    if(dependencies)
        *dependencies = NULL;
    if(edgeData)
        *edgeData = NULL;
    if(count)
        *count = 0;
    return SUCCESS;
}

static int childNode;

/* A child graph node of the capture's graph: one operation that replays the child (which the caller keeps). */
CUresult cuGraphAddChildGraphNode(void** node, Graph* graph, void const* dependencies, size_t count, Graph* child)
{
    (void)dependencies;
    (void)count;
    REQUIRE_CONTEXT();
    if(!recording || graph != recording || !child)
        return INVALID_VALUE;
    *node = &childNode;
    return record((Op){.kind = OP_GRAPH, .graph = child});
}

CUresult cuStreamUpdateCaptureDependencies_v2(
    void* stream, void** dependencies, void const* edgeData, size_t count, unsigned flags)
{
    (void)edgeData;
    REQUIRE_CONTEXT();
    if(stream != &streamObject || !recording || flags != 1 || (count && !dependencies))
        return INVALID_VALUE;
    return SUCCESS;
}

CUresult cuGraphExecDestroy(Graph* exec)
{
    return exec ? SUCCESS : INVALID_HANDLE; /* the graph owns the operations */
}

CUresult cuGraphDestroy(Graph* graph)
{
    if(!graph)
        return INVALID_HANDLE;
    free(graph->ops);
    free(graph);
    return SUCCESS;
}

CUresult cuEventRecordWithFlags(void* event, void* stream, unsigned flags)
{
    REQUIRE_CONTEXT();
    if(flags != 0 && !recording)
        return INVALID_VALUE; /* CU_EVENT_RECORD_EXTERNAL only inside a capture */
    return event == &eventObject && stream == &streamObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuEventCreate(void** event, unsigned flags)
{
    (void)flags;
    REQUIRE_CONTEXT();
    *event = &eventObject;
    return SUCCESS;
}

CUresult cuEventDestroy_v2(void* event)
{
    return event == &eventObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuEventRecord(void* event, void* stream)
{
    REQUIRE_CONTEXT();
    return event == &eventObject && stream == &streamObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuEventQuery(void* event)
{
    REQUIRE_CONTEXT();
    return event == &eventObject ? SUCCESS : INVALID_HANDLE;
}

CUresult cuEventSynchronize(void* event)
{
    REQUIRE_CONTEXT();
    return event == &eventObject ? SUCCESS : INVALID_HANDLE;
}

/* The stand-in runs nothing: every operation takes no time. */
CUresult cuEventElapsedTime(float* milliseconds, void* start, void* end)
{
    REQUIRE_CONTEXT();
    if(!milliseconds || start != &eventObject || end != &eventObject)
        return INVALID_HANDLE;
    *milliseconds = 0.0f;
    return SUCCESS;
}

/* FAKE_CUDA_MODULES=1: one module for every image, its functions launch without running. */
static int fakeModule;
static int fakeFunction;

static int modulesLoad(void)
{
    char const* value = getenv("FAKE_CUDA_MODULES");
    return value != NULL && strcmp(value, "1") == 0;
}

/* What the last launch was given: grid and block (x, y, z), dynamic shared memory, the first 8 bytes of each of its
 * first 8 parameters (a kernel's parameter count is not known here: the caller reads as many as its kernel has) and
 * the number of launches so far. Read by the tests through ctypes. */
struct FakeLaunch
{
    unsigned grid[3];
    unsigned block[3];
    unsigned sharedBytes;
    unsigned cooperative;
    unsigned long long params[8];
    unsigned long long count;
};

struct FakeLaunch fake_cuda_last_launch;

CUresult cuModuleLoadData(void** module, void const* image)
{
    REQUIRE_CONTEXT();
    if(!module || !image)
        return INVALID_VALUE;
    if(!modulesLoad())
        return NO_BINARY_FOR_GPU;
    *module = &fakeModule;
    return SUCCESS;
}

CUresult cuModuleUnload(void* module)
{
    return module == &fakeModule ? SUCCESS : INVALID_HANDLE;
}

CUresult cuModuleGetFunction(void** function, void* module, char const* name)
{
    if(module != &fakeModule || !function || !name)
        return INVALID_HANDLE;
    *function = &fakeFunction;
    return SUCCESS;
}

/* Every global is one byte: pyalpaka_dyn_shared_kind says that the kernel does not specialize
 * BlockSharedMemDynSizeBytes. */
CUresult cuModuleGetGlobal_v2(CUdeviceptr* pointer, size_t* bytes, void* module, char const* name)
{
    static unsigned char global;
    if(module != &fakeModule || !name)
        return INVALID_HANDLE;
    if(pointer)
        *pointer = (CUdeviceptr)(uintptr_t)&global;
    if(bytes)
        *bytes = 1;
    return SUCCESS;
}

/* The driver's PTX compiler: the "CUBIN" it makes is the PTX after the line "FAKE-CUBIN" (which the tests read
 * back), and with FAKE_CUDA_MODULES=1 cuModuleLoadData loads it like any image. PTX that names
 * pyalpaka_fake_link_error is refused, with that name in the error log. */
struct FakeLink
{
    char* image;
    size_t bytes;
    char* errorLog;
    size_t errorLogBytes;
};

CUresult cuLinkCreate_v2(unsigned optionCount, int* options, void** optionValues, void** state)
{
    REQUIRE_CONTEXT();
    if(!state)
        return INVALID_VALUE;
    struct FakeLink* link = calloc(1, sizeof *link);
    if(!link)
        return OUT_OF_MEMORY;
    for(unsigned i = 0; i < optionCount; ++i)
    {
        if(options[i] == 5) /* CU_JIT_ERROR_LOG_BUFFER */
            link->errorLog = optionValues[i];
        else if(options[i] == 6) /* CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES */
            link->errorLogBytes = (size_t)(uintptr_t)optionValues[i];
    }
    *state = link;
    return SUCCESS;
}

CUresult cuLinkAddData_v2(
    void* state,
    int inputType,
    void* data,
    size_t bytes,
    char const* name,
    unsigned optionCount,
    int* options,
    void** optionValues)
{
    (void)name;
    (void)optionCount;
    (void)options;
    (void)optionValues;
    struct FakeLink* link = state;
    if(!link || !data || inputType != 1 /* CU_JIT_INPUT_PTX */ || bytes == 0 || ((char const*)data)[bytes - 1] != 0)
        return INVALID_VALUE;
    if(strstr(data, "pyalpaka_fake_link_error"))
    {
        if(link->errorLog && link->errorLogBytes > 0)
            snprintf(link->errorLog, link->errorLogBytes, "ptxas fatal: pyalpaka_fake_link_error in the PTX");
        return INVALID_PTX;
    }
    static char const header[] = "FAKE-CUBIN\n";
    free(link->image);
    link->bytes = sizeof header - 1 + bytes - 1;
    link->image = malloc(link->bytes);
    if(!link->image)
        return OUT_OF_MEMORY;
    memcpy(link->image, header, sizeof header - 1);
    memcpy(link->image + sizeof header - 1, data, bytes - 1);
    return SUCCESS;
}

CUresult cuLinkComplete(void* state, void** image, size_t* bytes)
{
    struct FakeLink* link = state;
    if(!link || !image || !bytes || !link->image)
        return INVALID_VALUE;
    *image = link->image;
    *bytes = link->bytes;
    return SUCCESS;
}

CUresult cuLinkDestroy(void* state)
{
    struct FakeLink* link = state;
    if(!link)
        return INVALID_HANDLE;
    free(link->image);
    free(link);
    return SUCCESS;
}

CUresult cuFuncSetAttribute(void* function, int attribute, int value)
{
    (void)attribute;
    (void)value;
    return function == &fakeFunction ? SUCCESS : INVALID_HANDLE;
}

static CUresult fakeLaunch(
    void* f,
    unsigned const grid[3],
    unsigned const block[3],
    unsigned shared,
    void* s,
    void** params,
    unsigned cooperative)
{
    REQUIRE_CONTEXT();
    if(f != &fakeFunction)
        return INVALID_HANDLE;
    if(s != &streamObject)
        return INVALID_HANDLE;
    if(!params)
        return INVALID_VALUE;
    for(int i = 0; i < 3; ++i)
    {
        fake_cuda_last_launch.grid[i] = grid[i];
        fake_cuda_last_launch.block[i] = block[i];
    }
    fake_cuda_last_launch.sharedBytes = shared;
    fake_cuda_last_launch.cooperative = cooperative;
    /* pyalpaka's parameter array ends in null pointers (it has room for more parameters than a kernel takes). */
    memset(fake_cuda_last_launch.params, 0, sizeof fake_cuda_last_launch.params);
    for(int i = 0; i < 8 && params[i] != NULL; ++i)
        memcpy(&fake_cuda_last_launch.params[i], params[i], sizeof fake_cuda_last_launch.params[i]);
    ++fake_cuda_last_launch.count;
    return SUCCESS;
}

CUresult cuLaunchKernel(
    void* f,
    unsigned gx,
    unsigned gy,
    unsigned gz,
    unsigned bx,
    unsigned by,
    unsigned bz,
    unsigned shared,
    void* s,
    void** params,
    void** extra)
{
    unsigned const grid[3] = {gx, gy, gz};
    unsigned const block[3] = {bx, by, bz};
    (void)extra;
    return fakeLaunch(f, grid, block, shared, s, params, 0);
}

CUresult cuLaunchCooperativeKernel(
    void* f,
    unsigned gx,
    unsigned gy,
    unsigned gz,
    unsigned bx,
    unsigned by,
    unsigned bz,
    unsigned shared,
    void* s,
    void** params)
{
    unsigned const grid[3] = {gx, gy, gz};
    unsigned const block[3] = {bx, by, bz};
    return fakeLaunch(f, grid, block, shared, s, params, 1);
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void* f, int blockSize, size_t dynamicSharedBytes)
{
    (void)blocks, (void)f, (void)blockSize, (void)dynamicSharedBytes;
    return INVALID_HANDLE;
}
