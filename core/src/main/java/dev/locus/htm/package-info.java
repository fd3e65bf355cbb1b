/**
 * Hardware transactional memory for lock elision: the native RTM shim's loader and capability
 * checks ({@link dev.locus.htm.NativeHtm}), off-heap regions whose critical sections run as
 * hardware transactions or under the region's lock word ({@link dev.locus.htm.NativeRegion}), and
 * the decoding of transaction status ({@link dev.locus.htm.HtmStatus}). Paper 003 §§2, 4.
 */
package dev.locus.htm;
