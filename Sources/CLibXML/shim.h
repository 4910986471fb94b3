// libxml2 built with ICU pulls in ICU's own headers, whose UErrorCode clashes with the
// copy Foundation carries (_FoundationICU) when a file sees both modules. sitegen never
// touches what ICU adds (the last two fields of xmlCharEncodingHandler, which only
// libxml2 allocates and reads), so those declarations are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
