package org.overbookd.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Png's bytes are ImageIO's, byte for byte, and so XChart's saveBitmap's: every chart is in the golden
 * set, and a faster writer must not move them.
 */
class PngTest {

    @TempDir
    Path dir;

    private static byte[] imageIo(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(ImageIO.write(image, "png", out));
        return out.toByteArray();
    }

    private static byte[] rgbPng(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Png.write(image, out);
        return out.toByteArray();
    }

    /** The number of IDAT chunks in a PNG. */
    private static int idatChunks(byte[] png) {
        int n = 0;
        for (int p = 8; p < png.length; ) {
            int length = ((png[p] & 0xff) << 24)
                    | ((png[p + 1] & 0xff) << 16)
                    | ((png[p + 2] & 0xff) << 8)
                    | (png[p + 3] & 0xff);
            if (new String(png, p + 4, 4, java.nio.charset.StandardCharsets.US_ASCII).equals("IDAT")) {
                n++;
            }
            p += 12 + length;
        }
        return n;
    }

    @Test
    void aSweepChartIsWrittenWithImageIosBytes() throws IOException {
        XYChart chart = new XYChartBuilder()
                .width(800)
                .height(500)
                .title("Utilization, upper bound 95%")
                .xAxisTitle("Lower bound (%)")
                .yAxisTitle("Mean utilization (%)")
                .build();
        chart.getStyler().setAntiAlias(true);
        for (int slots = 1; slots <= 3; slots++) {
            chart.addSeries(slots + " slots", new double[] {60, 65, 70, 75, 80}, new double[] {
                        75.5 + slots, 77.8, 79.4 + slots, 84.7, 87.2 - slots
                    })
                    .setMarker(SeriesMarkers.CIRCLE);
        }
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        assertEquals(BufferedImage.TYPE_INT_RGB, image.getType(), "the image XChart draws, which Png writes itself");
        byte[] expected = imageIo(image);
        assertTrue(idatChunks(expected) >= 1);
        assertArrayEquals(expected, rgbPng(image));

        // and through the file every chart is written to: the bytes XChart's own saveBitmap writes
        Path file = Png.write(chart, dir.resolve("chart.png"));
        assertArrayEquals(expected, Files.readAllBytes(file));
        BitmapEncoder.saveBitmap(chart, dir.resolve("xchart.png").toString(), BitmapEncoder.BitmapFormat.PNG);
        assertArrayEquals(Files.readAllBytes(dir.resolve("xchart.png")), Files.readAllBytes(file));
    }

    @Test
    void noiseSpreadOverManyIdatChunksIsWrittenWithImageIosBytes() throws IOException {
        // random pixels barely compress: about 12 full 32 KiB IDAT chunks and a short last one
        BufferedImage image = new BufferedImage(333, 401, BufferedImage.TYPE_INT_RGB);
        SplittableRandom random = new SplittableRandom(42);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        byte[] expected = imageIo(image);
        assertTrue(idatChunks(expected) > 10, "several IDAT chunks: " + idatChunks(expected));
        assertArrayEquals(expected, rgbPng(image));
    }

    @Test
    void aOnePixelImageIsWrittenWithImageIosBytes() throws IOException {
        BufferedImage image = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, 0x123456);
        assertArrayEquals(imageIo(image), rgbPng(image));
    }

    @Test
    void otherImagesGoToImageIo() throws IOException {
        BufferedImage argb = new BufferedImage(40, 30, BufferedImage.TYPE_INT_ARGB);
        argb.setRGB(3, 4, 0x80ff0000);
        assertArrayEquals(imageIo(argb), rgbPng(argb));
        // a sub-image shares its parent's int array with another offset and stride
        BufferedImage parent = new BufferedImage(50, 40, BufferedImage.TYPE_INT_RGB);
        SplittableRandom random = new SplittableRandom(7);
        for (int y = 0; y < 40; y++) {
            for (int x = 0; x < 50; x++) {
                parent.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        BufferedImage sub = parent.getSubimage(5, 7, 30, 20);
        assertArrayEquals(imageIo(sub), rgbPng(sub));
    }
}
