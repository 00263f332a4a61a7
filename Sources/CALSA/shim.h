#ifndef BGKIT_CALSA_SHIM_H
#define BGKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
