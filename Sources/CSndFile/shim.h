#ifndef BGKIT_CSNDFILE_SHIM_H
#define BGKIT_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
