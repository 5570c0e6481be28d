/* ProcessPrng for wine 8 (Debian 12's), which lacks bcryptprimitives.dll: every Windows
 * from 10 on has it, and Rust's standard library draws its random numbers from it.  Built
 * by tests/dist/check.sh beside korf.exe for the wine run only; never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG part = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        len -= part;
    }
    return TRUE;
}
