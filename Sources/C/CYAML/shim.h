#ifndef BGKIT_CYAML_SHIM_H
#define BGKIT_CYAML_SHIM_H
#include <yaml.h>
#endif
