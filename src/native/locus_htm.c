/*
 * locus RTM shim: hardware transactions over native regions, for transactional lock elision.
 * Java side: core/src/main/java/dev/locus/htm (RtmShim declares these entry points; javac -h
 * generates dev_locus_htm_RtmShim.h from it, constants included).
 *
 * Implementation notes
 *
 * Overview. A fixed table of MAX_REGIONS slots. A slot holds a region's bytes (64-byte aligned),
 * its size and a generation; a parallel table holds one lock word per slot, each on its own cache
 * line, and is the only native memory Java can see (a direct ByteBuffer, so Java can CAS the word;
 * bounded, so Java cannot reach past it). Java names a region by its handle, generation << 32 |
 * slot index, and never by an address: every entry point checks the handle against the table, and
 * offsets, lengths and arrays against the region and the array, and throws (IllegalArgument-,
 * IllegalState-, IndexOutOfBounds-, NullPointer-, IllegalMonitorStateException) before touching
 * any byte. The transactional entry points never execute XBEGIN unless probeRtm found CPUID's RTM
 * bit set and saw a transaction commit (Java calls it only when the kernel lists rtm as well).
 *
 * Concurrency. A generation is odd while its slot is allocated; allocate and free bump it under
 * table_mutex, which also guards next_slot. Data, size and generation change only in allocate (on
 * a free slot, before the new generation is published) and in free (which needs the lock word).
 * Locked accessors require the lock word to hold the caller's owner token and then re-check the
 * generation: with the word held, free cannot run, so the bytes stay valid for the call. A
 * transaction reads the lock word first (subscribing to it) and aborts with CODE_LOCK_HELD if it is
 * held, then reads the generation and aborts with CODE_CLOSED if it changed, and only then reads
 * the data pointer and touches the bytes. Free runs only while its caller holds the lock word,
 * which was written (acquired) before free started: that write aborted every transaction that had
 * read the word, and transactions that begin later see either the word held or the new generation,
 * so no transaction touches freed bytes. Free publishes the new generation before it releases the
 * word, and frees the bytes last.
 *
 * Nothing between XBEGIN and XEND may fault or call out: a page fault inside a transaction is
 * suppressed (it aborts with status 0 and the page stays unmapped, so a plain retry aborts again),
 * and a call through the PLT may run the lazy binder (its XSAVE aborts, and the binding is rolled
 * back with the transaction). So allocate maps every page of the bytes (memset) and the slot's
 * lock word (a locked add of 0) before the handle exists; prefaultLocked maps a range again after
 * an unexplained abort; copies use REP MOVSB, not memcpy; the library is linked with -z now.
 *
 * A transaction copies straight into or out of the Java array,
 * pinned with GetPrimitiveArrayCritical around it (no JNI call happens while pinned); the locked
 * accessors copy with Get/SetByteArrayRegion, which is cheaper for small values.
 *
 * Memory ordering. Generations are published with release stores and read with acquire loads
 * outside transactions; the lock word is read with acquire loads. x86 is TSO, so these cost plain
 * moves; the atomics keep the compiler from reordering. Inside a transaction, loads are plain: the
 * hardware makes the read set consistent or aborts.
 *
 * References. Paper 003 §2 (TLE) and §4 (HTM mode: begin, check the lock is not held, abort if it
 * is; is_locked after an abort); Intel SDM vol. 1 ch. 16 (RTM abort status) and vol. 2 (CPUID
 * leaf 7: EBX[11] RTM, EDX[11] RTM_ALWAYS_ABORT); vol. 1 §16.3.8 (instructions and faults that abort
 * a transaction: page faults are suppressed, XSAVE and VZEROUPPER may abort).
 */
#define _DEFAULT_SOURCE /* posix_memalign, mincore, sysconf under -std=c11 */

#include <cpuid.h>
#include <immintrin.h>
#include <jni.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dev_locus_htm_RtmShim.h"

#define SHIM(name) dev_locus_htm_RtmShim_##name

_Static_assert(SHIM(ABORT_EXPLICIT) == _XABORT_EXPLICIT, "RtmShim.ABORT_EXPLICIT");
_Static_assert(SHIM(ABORT_RETRY) == _XABORT_RETRY, "RtmShim.ABORT_RETRY");
_Static_assert(SHIM(ABORT_CONFLICT) == _XABORT_CONFLICT, "RtmShim.ABORT_CONFLICT");
_Static_assert(SHIM(ABORT_CAPACITY) == _XABORT_CAPACITY, "RtmShim.ABORT_CAPACITY");
_Static_assert(SHIM(ABORT_DEBUG) == _XABORT_DEBUG, "RtmShim.ABORT_DEBUG");
_Static_assert(SHIM(ABORT_NESTED) == _XABORT_NESTED, "RtmShim.ABORT_NESTED");
_Static_assert(SHIM(ABORT_CODE_SHIFT) == 24, "RtmShim.ABORT_CODE_SHIFT");

/* The abort status bits RTM defines (EAX bits 0-5 and the code in 24-31); the rest are ours. */
#define ABORT_BITS 0xff00003fu
#define CODE_LOCK_HELD SHIM(CODE_LOCK_HELD)
/* Explicit abort: the region was closed; turned into IllegalStateException, never returned. */
#define CODE_CLOSED 0xfe
#define MAX_REGIONS SHIM(MAX_REGIONS)
/* A slot whose generation would wrap is never reused, so an old handle cannot match again. */
#define RETIRED_GENERATION 0xfffffffeu

typedef struct {
    _Alignas(64) uint64_t word;
} lock_line;

_Static_assert(sizeof(lock_line) == SHIM(LOCK_WORD_STRIDE), "one lock word per cache line");

typedef struct {
    _Alignas(64) uint32_t generation;
    uint32_t size;
    unsigned char *data;
} slot_t;

enum op_kind { OP_READ, OP_WRITE, OP_CAS };

/* One operation on a region's bytes; `array` points into a pinned Java array. */
typedef struct {
    enum op_kind kind;
    uint32_t offset;
    uint32_t length;
    jbyte *array;
    uint64_t expected;
    uint64_t desired;
    int mismatch;
} op_t;

static lock_line lock_words[MAX_REGIONS];
static slot_t slots[MAX_REGIONS];
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_slot;   /* guarded by table_mutex */
static int rtm_usable;       /* set once by probeRtm */

static void throw_new(JNIEnv *env, const char *class_name, const char *format, ...) {
    char message[256];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    jclass type = (*env)->FindClass(env, class_name);
    if (type != NULL) {
        (*env)->ThrowNew(env, type, message);
    }
}

static int cpuid_bits(void) {
    unsigned int eax, ebx, ecx, edx;
    /* __get_cpuid_count checks the maximum leaf (CPUID leaf 0) before it asks for leaf 7. */
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
        return 0;
    }
    int bits = SHIM(CPUID_LEAF7);
    if (ebx & (1u << 11)) {
        bits |= SHIM(CPUID_RTM);
    }
    if (edx & (1u << 11)) {
        bits |= SHIM(CPUID_RTM_ALWAYS_ABORT);
    }
    return bits;
}

/* The slot of a live handle, or NULL with an exception pending. */
static slot_t *find_slot(JNIEnv *env, jlong handle) {
    uint64_t bits = (uint64_t) handle;
    uint32_t index = (uint32_t) bits;
    uint32_t generation = (uint32_t) (bits >> 32);
    if (index >= MAX_REGIONS || (generation & 1u) == 0) {
        throw_new(env, "java/lang/IllegalArgumentException", "0x%llx is not a region handle",
                  (unsigned long long) bits);
        return NULL;
    }
    slot_t *slot = &slots[index];
    if (__atomic_load_n(&slot->generation, __ATOMIC_ACQUIRE) != generation) {
        throw_new(env, "java/lang/IllegalStateException", "region 0x%llx is closed or was never allocated",
                  (unsigned long long) bits);
        return NULL;
    }
    return slot;
}

static uint32_t slot_index(const slot_t *slot) {
    return (uint32_t) (slot - slots);
}

/* The slot of a live handle whose lock word `owner` holds, or NULL with an exception pending. */
static slot_t *locked_slot(JNIEnv *env, jlong handle, jlong owner) {
    slot_t *slot = find_slot(env, handle);
    if (slot == NULL) {
        return NULL;
    }
    uint64_t holder = __atomic_load_n(&lock_words[slot_index(slot)].word, __ATOMIC_ACQUIRE);
    if (owner == 0 || holder != (uint64_t) owner) {
        throw_new(env, "java/lang/IllegalMonitorStateException",
                  "region lock word is held by %llu, not by the caller %lld", (unsigned long long) holder,
                  (long long) owner);
        return NULL;
    }
    /* Under the word free cannot run: this check is final. */
    return find_slot(env, handle);
}

static int check_range(JNIEnv *env, const char *what, jint offset, jint length, int64_t size) {
    if (offset < 0 || length < 0 || (int64_t) offset + length > size) {
        throw_new(env, "java/lang/IndexOutOfBoundsException", "%s range [%d, %d + %d) out of bounds for size %lld",
                  what, offset, offset, length, (long long) size);
        return 0;
    }
    return 1;
}

/* Checks offset and length against the slot and the array; whether the operation may run. */
static int check_bytes(JNIEnv *env, const slot_t *slot, jint offset, jbyteArray array, jint array_offset,
                       jint length) {
    if (array == NULL) {
        throw_new(env, "java/lang/NullPointerException", "array is null");
        return 0;
    }
    return check_range(env, "region", offset, length, __atomic_load_n(&slot->size, __ATOMIC_RELAXED))
        && check_range(env, "array", array_offset, length, (*env)->GetArrayLength(env, array));
}

static int check_long(JNIEnv *env, const slot_t *slot, jint offset) {
    if (!check_range(env, "region", offset, 8, __atomic_load_n(&slot->size, __ATOMIC_RELAXED))) {
        return 0;
    }
    if (offset % 8 != 0) {
        throw_new(env, "java/lang/IllegalArgumentException", "long offset must be a multiple of 8, was %d", offset);
        return 0;
    }
    return 1;
}

/*
 * Copies n bytes with REP MOVSB. Not memcpy: apply runs inside transactions, and the first call of
 * memcpy through this library's PLT would run the dynamic linker's lazy-binding trampoline, whose
 * XSAVE aborts the transaction (status 0) and so rolls back the binding too: every later attempt
 * would abort the same way. glibc's AVX copies may also end in VZEROUPPER, which aborts on some
 * processors. No library call happens between XBEGIN and XEND.
 */
static void copy_bytes(void *dst, const void *src, uint32_t n) {
    size_t count = n;
    __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(count) : : "memory");
}

static void apply(const slot_t *slot, op_t *op) {
    unsigned char *at = slot->data + op->offset;
    switch (op->kind) {
    case OP_READ:
        copy_bytes(op->array, at, op->length);
        break;
    case OP_WRITE:
        copy_bytes(at, op->array, op->length);
        break;
    case OP_CAS: {
        uint64_t *word = (uint64_t *) at;
        if (*word == op->expected) {
            *word = op->desired;
        } else {
            op->mismatch = 1;
        }
        break;
    }
    }
}

/* Whether the page at `page` (page-aligned) is mapped; mincore failing counts as mapped. */
static int resident(uintptr_t page) {
    unsigned char vec = 1;
    return mincore((void *) page, 1, &vec) != 0 || (vec & 1);
}

/*
 * Touches every page of [start, start + length) outside any transaction, with a locked add of 0 to
 * one byte of each page: the kernel maps the page writable and no byte changes, even against a
 * concurrent writer. A transaction then takes no page fault there (a fault inside a transaction is
 * suppressed: it aborts with status 0 and leaves the page unmapped, so retrying alone never helps).
 * Returns how many of the pages were not mapped before.
 */
static jint touch_pages(unsigned char *start, size_t length) {
    if (length == 0) {
        return 0; /* start may be one past the region: touch nothing */
    }
    uintptr_t page_size = (uintptr_t) sysconf(_SC_PAGESIZE);
    uintptr_t end = (uintptr_t) start + length;
    jint unmapped = 0;
    for (uintptr_t page = (uintptr_t) start & ~(page_size - 1); page < end; page += page_size) {
        unsigned char *byte = page < (uintptr_t) start ? start : (unsigned char *) page;
        unmapped += !resident(page);
        __atomic_fetch_add(byte, 0, __ATOMIC_RELAXED);
    }
    return unmapped;
}

/* One transaction running `op` on the region of `handle`'s slot; the status. */
static jint transact(const slot_t *slot, jlong handle, op_t *op) {
    uint32_t index = slot_index(slot);
    uint32_t generation = (uint32_t) ((uint64_t) handle >> 32);
    unsigned int status = _xbegin();
    if (status == _XBEGIN_STARTED) {
        if (*(volatile uint64_t *) &lock_words[index].word != 0) {
            _xabort(CODE_LOCK_HELD);
        }
        if (*(volatile uint32_t *) &slot->generation != generation) {
            _xabort(CODE_CLOSED);
        }
        apply(slot, op);
        _xend();
        return SHIM(COMMITTED) | (op->mismatch ? SHIM(VALUE_MISMATCH) : 0);
    }
    jint result = (jint) (status & ABORT_BITS);
    if (__atomic_load_n(&lock_words[index].word, __ATOMIC_RELAXED) != 0) {
        result |= SHIM(LOCK_HELD);
    }
    return result;
}

/* A transaction's status, or an IllegalStateException if it found the region closed. */
static jint closed_check(JNIEnv *env, jlong handle, jint status) {
    if ((status & _XABORT_EXPLICIT) && _XABORT_CODE((unsigned int) status) == CODE_CLOSED) {
        throw_new(env, "java/lang/IllegalStateException", "region 0x%llx was closed",
                  (unsigned long long) handle);
    }
    return status;
}

/* One transaction running `op` over a pinned array; the status. */
static jint transact_pinned(JNIEnv *env, const slot_t *slot, jlong handle, jbyteArray array, jint array_offset,
                            op_t *op) {
    jbyte *pinned = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
    if (pinned == NULL) {
        return 0; /* OutOfMemoryError pending */
    }
    op->array = pinned + array_offset;
    jint status = transact(slot, handle, op);
    (*env)->ReleasePrimitiveArrayCritical(env, array, pinned, op->kind == OP_READ ? 0 : JNI_ABORT);
    return closed_check(env, handle, status);
}

static jint htm_bytes(JNIEnv *env, jlong handle, enum op_kind kind, jint offset, jbyteArray array,
                      jint array_offset, jint length) {
    slot_t *slot = find_slot(env, handle);
    if (slot == NULL || !check_bytes(env, slot, offset, array, array_offset, length)) {
        return 0;
    }
    if (!__atomic_load_n(&rtm_usable, __ATOMIC_RELAXED)) {
        return SHIM(NOT_ATTEMPTED);
    }
    op_t op = {.kind = kind, .offset = (uint32_t) offset, .length = (uint32_t) length};
    return transact_pinned(env, slot, handle, array, array_offset, &op);
}

/* Copies between region and array while the caller holds the lock word (no pinning: a plain copy). */
static void locked_bytes(JNIEnv *env, jlong handle, jlong owner, enum op_kind kind, jint offset,
                         jbyteArray array, jint array_offset, jint length) {
    slot_t *slot = locked_slot(env, handle, owner);
    if (slot == NULL || !check_bytes(env, slot, offset, array, array_offset, length)) {
        return;
    }
    jbyte *at = (jbyte *) slot->data + offset;
    if (kind == OP_READ) {
        (*env)->SetByteArrayRegion(env, array, array_offset, length, at);
    } else {
        (*env)->GetByteArrayRegion(env, array, array_offset, length, at);
    }
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_cpuidRtm(JNIEnv *env, jclass type) {
    (void) env;
    (void) type;
    return cpuid_bits();
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_probeRtm(JNIEnv *env, jclass type, jint attempts) {
    (void) env;
    (void) type;
    int bits = cpuid_bits();
    if (!(bits & SHIM(CPUID_RTM)) || (bits & SHIM(CPUID_RTM_ALWAYS_ABORT))) {
        return SHIM(NOT_ATTEMPTED);
    }
    jint last = SHIM(NOT_ATTEMPTED);
    for (jint i = 0; i < attempts; i++) {
        unsigned int status = _xbegin();
        if (status == _XBEGIN_STARTED) {
            _xend();
            __atomic_store_n(&rtm_usable, 1, __ATOMIC_RELEASE);
            return SHIM(COMMITTED);
        }
        last = (jint) (status & ABORT_BITS);
    }
    return last;
}

JNIEXPORT jobject JNICALL Java_dev_locus_htm_RtmShim_lockWords(JNIEnv *env, jclass type) {
    (void) type;
    return (*env)->NewDirectByteBuffer(env, lock_words, (jlong) sizeof lock_words);
}

JNIEXPORT jlong JNICALL Java_dev_locus_htm_RtmShim_allocate(JNIEnv *env, jclass type, jint size) {
    (void) type;
    if (size < 1 || size > SHIM(MAX_REGION_SIZE)) {
        throw_new(env, "java/lang/IllegalArgumentException", "region size must be in [1, %d], was %d",
                  (int) SHIM(MAX_REGION_SIZE), size);
        return 0;
    }
    void *data;
    size_t rounded = ((size_t) size + 63) & ~(size_t) 63;
    if (posix_memalign(&data, 64, rounded) != 0) {
        throw_new(env, "java/lang/OutOfMemoryError", "cannot allocate a native region of %d bytes", size);
        return 0;
    }
    memset(data, 0, rounded); /* zero-fills and pre-faults: every page is mapped before any transaction */
    pthread_mutex_lock(&table_mutex);
    for (uint32_t n = 0; n < MAX_REGIONS; n++) {
        uint32_t index = (next_slot + n) % MAX_REGIONS;
        slot_t *slot = &slots[index];
        uint32_t generation = slot->generation;
        if ((generation & 1u) == 0 && generation != RETIRED_GENERATION) {
            slot->size = (uint32_t) size;
            slot->data = data;
            /* memset mapped the bytes; map the lock word too, which transactions read first (a
               stale holder may own it for a moment: adding 0 keeps its token). */
            __atomic_fetch_add(&lock_words[index].word, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&slot->generation, generation + 1, __ATOMIC_RELEASE);
            next_slot = index + 1;
            pthread_mutex_unlock(&table_mutex);
            return (jlong) (((uint64_t) (generation + 1) << 32) | index);
        }
    }
    pthread_mutex_unlock(&table_mutex);
    free(data);
    throw_new(env, "java/lang/IllegalStateException", "all %d native regions are in use; close some",
              (int) MAX_REGIONS);
    return 0;
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_lockWordOffset(JNIEnv *env, jclass type, jlong handle) {
    (void) type;
    slot_t *slot = find_slot(env, handle);
    return slot == NULL ? 0 : (jint) (slot_index(slot) * sizeof(lock_line));
}

JNIEXPORT void JNICALL Java_dev_locus_htm_RtmShim_free(JNIEnv *env, jclass type, jlong handle, jlong owner) {
    (void) type;
    slot_t *slot = locked_slot(env, handle, owner);
    if (slot == NULL) {
        return;
    }
    pthread_mutex_lock(&table_mutex);
    unsigned char *data = slot->data;
    slot->data = NULL;
    slot->size = 0;
    __atomic_store_n(&slot->generation, slot->generation + 1, __ATOMIC_RELEASE);
    __atomic_store_n(&lock_words[slot_index(slot)].word, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&table_mutex);
    free(data);
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_htmRead(JNIEnv *env, jclass type, jlong handle, jint offset,
                                                          jbyteArray dst, jint dst_offset, jint length) {
    (void) type;
    return htm_bytes(env, handle, OP_READ, offset, dst, dst_offset, length);
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_htmWrite(JNIEnv *env, jclass type, jlong handle, jint offset,
                                                           jbyteArray src, jint src_offset, jint length) {
    (void) type;
    return htm_bytes(env, handle, OP_WRITE, offset, src, src_offset, length);
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_htmCompareAndSet(JNIEnv *env, jclass type, jlong handle,
                                                                   jint offset, jlong expected, jlong new_value) {
    (void) type;
    slot_t *slot = find_slot(env, handle);
    if (slot == NULL || !check_long(env, slot, offset)) {
        return 0;
    }
    if (!__atomic_load_n(&rtm_usable, __ATOMIC_RELAXED)) {
        return SHIM(NOT_ATTEMPTED);
    }
    op_t op = {.kind = OP_CAS, .offset = (uint32_t) offset, .expected = (uint64_t) expected,
               .desired = (uint64_t) new_value};
    return closed_check(env, handle, transact(slot, handle, &op));
}

JNIEXPORT void JNICALL Java_dev_locus_htm_RtmShim_readLocked(JNIEnv *env, jclass type, jlong handle, jlong owner,
                                                             jint offset, jbyteArray dst, jint dst_offset,
                                                             jint length) {
    (void) type;
    locked_bytes(env, handle, owner, OP_READ, offset, dst, dst_offset, length);
}

JNIEXPORT void JNICALL Java_dev_locus_htm_RtmShim_writeLocked(JNIEnv *env, jclass type, jlong handle, jlong owner,
                                                              jint offset, jbyteArray src, jint src_offset,
                                                              jint length) {
    (void) type;
    locked_bytes(env, handle, owner, OP_WRITE, offset, src, src_offset, length);
}

JNIEXPORT jboolean JNICALL Java_dev_locus_htm_RtmShim_compareAndSetLocked(JNIEnv *env, jclass type, jlong handle,
                                                                          jlong owner, jint offset, jlong expected,
                                                                          jlong new_value) {
    (void) type;
    slot_t *slot = locked_slot(env, handle, owner);
    if (slot == NULL || !check_long(env, slot, offset)) {
        return JNI_FALSE;
    }
    op_t op = {.kind = OP_CAS, .offset = (uint32_t) offset, .expected = (uint64_t) expected,
               .desired = (uint64_t) new_value};
    apply(slot, &op);
    return op.mismatch ? JNI_FALSE : JNI_TRUE;
}

JNIEXPORT jint JNICALL Java_dev_locus_htm_RtmShim_prefaultLocked(JNIEnv *env, jclass type, jlong handle, jlong owner,
                                                                 jint offset, jint length) {
    (void) type;
    slot_t *slot = locked_slot(env, handle, owner);
    if (slot == NULL || !check_range(env, "region", offset, length, __atomic_load_n(&slot->size, __ATOMIC_RELAXED))) {
        return 0;
    }
    return touch_pages(slot->data + offset, (size_t) length);
}
