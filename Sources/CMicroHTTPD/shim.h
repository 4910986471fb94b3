#include <microhttpd.h>

/* MHD_get_connection_info is variadic, which Swift cannot call: the one use of it sitegen needs. */
static inline MHD_socket sitegen_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? MHD_INVALID_SOCKET : info->connect_fd;
}
