#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
