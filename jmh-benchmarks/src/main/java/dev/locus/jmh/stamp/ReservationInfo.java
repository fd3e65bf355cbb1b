package dev.locus.jmh.stamp;

/**
 * A customer's reservation of one unit of item {@code id} of table {@code type}, at the price it
 * had then (STAMP's {@code reservation_info_t}). Immutable.
 *
 * @param type {@link Vacation#CAR}, {@link Vacation#FLIGHT} or {@link Vacation#ROOM}
 */
record ReservationInfo(int type, int id, long price) {

    /** STAMP's order of a customer's reservations: by table, then by id. */
    int compareTo(int otherType, int otherId) {
        return type != otherType ? Integer.compare(type, otherType) : Integer.compare(id, otherId);
    }
}
