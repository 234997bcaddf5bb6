// Import and export of todo sets through json-c (issue 4).
