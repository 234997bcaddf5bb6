// Package.swift declares this test target; SwiftPM refuses to build the package while its folder
// is missing. The json layer's real tests replace this file (delete it then).
