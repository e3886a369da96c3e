package testserver

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// PNG returns the image tool's picture: a real 2×2 PNG (red, green, blue,
// transparent), encoded anew on each call.
func PNG() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{R: 255, A: 255})
	img.Set(1, 0, color.NRGBA{G: 255, A: 255})
	img.Set(0, 1, color.NRGBA{B: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		// Encoding an in-memory image into a buffer cannot fail.
		panic(fmt.Sprintf("testserver: encoding the PNG: %v", err))
	}
	return buf.Bytes()
}

// WAV returns the audio tool's sound: a real RIFF/WAVE file, 8 kHz mono
// 8-bit PCM, 64 samples of a square wave.
func WAV() []byte {
	const rate, samples = 8000, 64
	data := make([]byte, samples)
	for i := range data {
		data[i] = 0x40
		if i/8%2 == 0 {
			data[i] = 0xC0
		}
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	le32(&b, uint32(36+len(data)))
	b.WriteString("WAVEfmt ")
	le32(&b, 16) // fmt chunk size
	le16(&b, 1)  // PCM
	le16(&b, 1)  // mono
	le32(&b, rate)
	le32(&b, rate) // bytes per second: rate × 1 channel × 1 byte
	le16(&b, 1)    // block align
	le16(&b, 8)    // bits per sample
	b.WriteString("data")
	le32(&b, uint32(len(data)))
	b.Write(data)
	return b.Bytes()
}

func le16(b *bytes.Buffer, v uint16) { b.Write(binary.LittleEndian.AppendUint16(nil, v)) }
func le32(b *bytes.Buffer, v uint32) { b.Write(binary.LittleEndian.AppendUint32(nil, v)) }

// PDF returns the embedded_pdf tool's document: a real one-page PDF 1.4 that
// shows "strictscope", with a cross-reference table whose offsets are
// computed as it is written.
func PDF() []byte {
	content := "BT /F1 24 Tf 20 50 Td (strictscope) Tj ET"
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var b strings.Builder
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, obj := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, obj)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return []byte(b.String())
}
