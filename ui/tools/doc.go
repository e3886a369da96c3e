// Package tools is the inspector's tools screen: every tool of the tool lists
// and session files in a filterable list, and beside it the selected tool's
// input schema as written and its strict form (or the tool as listed and as
// sent, or the whole report), under the modes the toggles set (API, strict
// mode, server prefix, defaults in descriptions). Every badge, count and mark
// is adapter's answer for the current modes, cached per combination and
// computed off the frame when it is new. w writes the rendered tools to a
// file; e opens a tool's schema in the playground.
package tools
