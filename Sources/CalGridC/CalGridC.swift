// The C-callable API (issue 5): @c functions that translate types and errors, nothing else.
