package org.overbookd.io;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The one PNG writer: every chart overbookd draws (the sweep's, tune's frontier, the VM-type queue,
 * the heat maps of compare) is drawn by XChart and written here, so that all have one encoder and
 * the same bytes on every run. It writes a chart's RGB image with the very bytes the JDK's ImageIO
 * PNG writer (what XChart's BitmapEncoder.saveBitmap calls) gives it, in a fraction of the time on
 * a cold JVM. For an opaque 8-bit RGB image ImageIO writes the
 * signature, an IHDR chunk, the rows unfiltered (filter type 0: the JDK filters only palette
 * images), deflated by zlib at level 4, cut into IDAT chunks of 32,768 bytes (the last one
 * shorter, none empty), and IEND; no other chunk. Its generic path converts every pixel through a
 * sample model, a loop the JIT compiled with C2 three times over in a tables 1-3 sweep, for 12
 * charts; here each row is unpacked from the image's int array and zlib does the rest. An image of
 * another type goes to ImageIO.
 */
public final class Png {

    /** ImageIO's IDAT chunk length and compression level (its default compression mode). */
    static final int IDAT_LENGTH = 32_768;

    static final int LEVEL = 4;

    private static final byte[] SIGNATURE = {(byte) 137, 'P', 'N', 'G', '\r', '\n', 26, '\n'};

    private Png() {}

    /** Draws the chart as XChart's BitmapEncoder does and writes it to {@code file}; returns the file. */
    public static Path write(Chart<?, ?> chart, Path file) throws IOException {
        write(BitmapEncoder.getBufferedImage(chart), file);
        return file;
    }

    static void write(BufferedImage image, Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(image, out);
        }
    }

    static void write(BufferedImage image, OutputStream out) throws IOException {
        WritableRaster raster = image.getRaster();
        if (image.getType() != BufferedImage.TYPE_INT_RGB
                || !(raster.getSampleModel() instanceof SinglePixelPackedSampleModel model)
                || raster.getParent() != null
                || raster.getMinX() != 0
                || raster.getMinY() != 0) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer in this Java runtime");
            }
            return;
        }
        int width = image.getWidth();
        int height = image.getHeight();
        int[] pixels = ((DataBufferInt) raster.getDataBuffer()).getData();
        int stride = model.getScanlineStride();
        int offset = raster.getDataBuffer().getOffset();

        DataOutputStream data = new DataOutputStream(out);
        data.write(SIGNATURE);
        Chunk ihdr = new Chunk("IHDR", 13);
        ihdr.putInt(width);
        ihdr.putInt(height);
        ihdr.put(8); // bits per sample
        ihdr.put(2); // colour type: RGB
        ihdr.put(0); // deflate
        ihdr.put(0); // adaptive filtering (each row says which filter; here always none)
        ihdr.put(0); // not interlaced
        ihdr.writeTo(data);

        Deflater deflater = new Deflater(LEVEL);
        try {
            Chunk idat = new Chunk("IDAT", IDAT_LENGTH);
            byte[] row = new byte[1 + 3 * width]; // row[0] = 0: filter type none
            for (int y = 0; y < height; y++) {
                int p = offset + y * stride;
                for (int x = 0, i = 1; x < width; x++, i += 3) {
                    int rgb = pixels[p + x];
                    row[i] = (byte) (rgb >> 16);
                    row[i + 1] = (byte) (rgb >> 8);
                    row[i + 2] = (byte) rgb;
                }
                deflater.setInput(row);
                while (!deflater.needsInput()) {
                    idat.deflate(deflater, data);
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                idat.deflate(deflater, data);
            }
            idat.writeTo(data);
        } finally {
            deflater.end();
        }
        new Chunk("IEND", 0).writeTo(data);
        data.flush();
    }

    /** One chunk's type and data, written with its length and CRC once complete. */
    private static final class Chunk {
        private final byte[] bytes;
        private int length;

        Chunk(String type, int capacity) {
            bytes = new byte[4 + capacity];
            System.arraycopy(type.getBytes(StandardCharsets.US_ASCII), 0, bytes, 0, 4);
        }

        void put(int b) {
            bytes[4 + length++] = (byte) b;
        }

        void putInt(int v) {
            put(v >>> 24);
            put(v >>> 16);
            put(v >>> 8);
            put(v);
        }

        /**
         * Deflates into this IDAT chunk; a full chunk is written first when there is more to add
         * (ImageIO starts the next chunk only for more data, so the last is never empty).
         */
        void deflate(Deflater deflater, DataOutputStream out) throws IOException {
            if (length == bytes.length - 4) {
                writeTo(out);
            }
            length += deflater.deflate(bytes, 4 + length, bytes.length - 4 - length);
        }

        void writeTo(DataOutputStream out) throws IOException {
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, 4 + length);
            out.writeInt(length);
            out.write(bytes, 0, 4 + length);
            out.writeInt((int) crc.getValue());
            length = 0;
        }
    }
}
