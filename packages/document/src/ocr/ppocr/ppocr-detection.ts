/**
 * PP-OCRv4 text detection, before and after the model: the page scaled so its longest
 * side is at most 960 pixels (both sides multiples of 32), normalised as the model was
 * trained (BGR, /255, ImageNet mean and deviation); then the model's probability map
 * thresholded, its 8-connected regions kept when their mean probability is high enough,
 * and each region's box widened by the DB "unclip" distance (area · 1.5 / perimeter),
 * since the model marks the shrunk core of each text line. Pure functions on arrays.
 */

/** Longest side the detector sees (PaddleOCR's `limit_side_len` for the mobile models). */
export const DETECTION_LONGEST_SIDE = 960;
/** A map pixel at or above this probability is text. */
export const DETECTION_PIXEL_THRESHOLD = 0.3;
/** A region is kept when its mean probability is at least this (PaddleOCR's `box_thresh`). */
export const DETECTION_BOX_THRESHOLD = 0.6;
/** DB unclip ratio: a region's box grows by area · ratio / perimeter on each side. */
export const DETECTION_UNCLIP_RATIO = 1.5;
/** Regions smaller than this many map pixels on a side are specks. */
const MINIMUM_REGION_SIDE = 3;

const MEAN = [0.485, 0.456, 0.406] as const;
const DEVIATION = [0.229, 0.224, 0.225] as const;

/** A text line's box in the page image's pixels. */
export interface TextBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The size the detector reads a page of `width` × `height` at. */
export function detectionSize(width: number, height: number): { readonly width: number; readonly height: number } {
  const ratio = Math.min(1, DETECTION_LONGEST_SIDE / Math.max(width, height));
  const round = (side: number) => Math.max(32, Math.round((side * ratio) / 32) * 32);
  return { width: round(width), height: round(height) };
}

/** RGBA pixels (as a canvas gives them) into the detector's input: planar BGR, normalised. */
export function detectionInput(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Float32Array {
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  for (let pixel = 0; pixel < plane; pixel += 1) {
    // Channel order of the model is B, G, R (OpenCV's), each normalised with its own mean.
    for (let channel = 0; channel < 3; channel += 1) {
      const value = rgba[pixel * 4 + (2 - channel)]! / 255;
      input[channel * plane + pixel] = (value - MEAN[2 - channel]!) / DEVIATION[2 - channel]!;
    }
  }
  return input;
}

/**
 * The text lines of a probability map (`width` × `height`, row after row), as boxes in the
 * page image's pixels (`scaleX`, `scaleY`: page pixels per map pixel), clipped to the page.
 */
export function textBoxes(map: Float32Array, width: number, height: number, page: { readonly width: number; readonly height: number }): TextBox[] {
  const scaleX = page.width / width;
  const scaleY = page.height / height;
  const label = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start += 1) {
    if (label[start] !== 0 || map[start]! < DETECTION_PIXEL_THRESHOLD) continue;
    next += 1;
    label[start] = next;
    stack.push(start);
    let left = width;
    let right = -1;
    let top = height;
    let bottom = -1;
    let sum = 0;
    let count = 0;
    while (stack.length > 0) {
      const index = stack.pop()!;
      const x = index % width;
      const y = (index - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      sum += map[index]!;
      count += 1;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const neighbour = ny * width + nx;
          if (label[neighbour] === 0 && map[neighbour]! >= DETECTION_PIXEL_THRESHOLD) {
            label[neighbour] = next;
            stack.push(neighbour);
          }
        }
      }
    }
    const regionWidth = right - left + 1;
    const regionHeight = bottom - top + 1;
    if (Math.min(regionWidth, regionHeight) < MINIMUM_REGION_SIDE || sum / count < DETECTION_BOX_THRESHOLD) continue;
    const distance = (regionWidth * regionHeight * DETECTION_UNCLIP_RATIO) / (2 * (regionWidth + regionHeight));
    const x0 = Math.max(0, (left - distance) * scaleX);
    const y0 = Math.max(0, (top - distance) * scaleY);
    const x1 = Math.min(page.width, (right + 1 + distance) * scaleX);
    const y1 = Math.min(page.height, (bottom + 1 + distance) * scaleY);
    if (x1 - x0 >= 1 && y1 - y0 >= 1) boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return boxes;
}
