package adapter

import (
	"encoding/base64"
	"net/url"
	"strings"
	"unicode/utf8"
)

// decodeBase64 decodes base64 data as MCP results carry it: the standard alphabet,
// padding required, CR and LF ignored anywhere
// (docs/calls-and-outputs.md#text-and-placeholders).
func decodeBase64(s string) ([]byte, bool) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, false
	}
	return raw, true
}

// stripCRLF removes CR and LF from base64 data, so that it can go into a data URI.
func stripCRLF(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, s)
}

// percentDecode decodes %XX escapes; ok is false when an escape is malformed or
// the result is not valid UTF-8.
func percentDecode(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	dec, err := url.PathUnescape(s)
	if err != nil || !utf8.ValidString(dec) {
		return "", false
	}
	return dec, true
}

// gifFrames walks the blocks of a GIF (GIF87a or GIF89a) and counts its image
// descriptors. ok is false when the data is not a GIF that can be walked to its
// trailer (or to its end at a block boundary): a bad signature, an unknown block, or
// a block cut short. Image data is skipped, never decoded.
func gifFrames(b []byte) (frames int, ok bool) {
	const header = 6 + 7 // signature and version, logical screen descriptor
	if len(b) < header || (string(b[:6]) != "GIF87a" && string(b[:6]) != "GIF89a") {
		return 0, false
	}
	i := header
	if flags := b[10]; flags&0x80 != 0 {
		i += colorTableSize(flags)
	}
	for {
		switch {
		case i > len(b):
			return 0, false
		case i == len(b):
			return frames, true
		}
		switch b[i] {
		case 0x3B: // trailer
			return frames, true
		case 0x21: // extension: introducer, label, data sub-blocks
			if i, ok = gifSubBlocks(b, i+2); !ok {
				return 0, false
			}
		case 0x2C: // image descriptor: separator, 8 bytes of geometry, flags
			if i+10 > len(b) {
				return 0, false
			}
			flags := b[i+9]
			i += 10
			if flags&0x80 != 0 {
				i += colorTableSize(flags)
			}
			// LZW minimum code size, then the image data sub-blocks.
			if i, ok = gifSubBlocks(b, i+1); !ok {
				return 0, false
			}
			frames++
		default:
			return 0, false
		}
	}
}

// colorTableSize is the size in bytes of the colour table that flags announce.
func colorTableSize(flags byte) int {
	return 3 * (1 << (int(flags&7) + 1))
}

// gifSubBlocks skips data sub-blocks starting at i up to and including the
// zero-length terminator, and returns the index after it.
func gifSubBlocks(b []byte, i int) (int, bool) {
	for {
		if i >= len(b) {
			return 0, false
		}
		n := int(b[i])
		i++
		if n == 0 {
			return i, true
		}
		i += n
	}
}
