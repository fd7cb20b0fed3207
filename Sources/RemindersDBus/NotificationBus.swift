// Placeholder: the libdbus wrapper lands here.
