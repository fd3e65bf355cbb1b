package dev.locus.stm.dictionary;

import java.util.function.Supplier;

/** The dictionaries of [Bai06] (§5.2) and 004 (§5.1), each with its default parameters. */
public enum DictionaryKind {
    /** {@link TxnHashTable} with {@value TxnHashTable#DEFAULT_BUCKETS} buckets. */
    HASH_TABLE(TxnHashTable::new),
    /** {@link TxnRedBlackTree}. */
    RED_BLACK_TREE(TxnRedBlackTree::new),
    /** {@link TxnSortedList}. */
    SORTED_LIST(TxnSortedList::new),
    /** {@link TxnLinkedList}: the sorted list walked inside the transaction ([Maldonado10]). */
    LINKED_LIST(TxnLinkedList::new),
    /** {@link TxnSkipList} with at most {@value TxnSkipList#DEFAULT_MAX_LEVEL} levels. */
    SKIP_LIST(TxnSkipList::new);

    private final Supplier<TxnDictionary> factory;

    DictionaryKind(Supplier<TxnDictionary> factory) {
        this.factory = factory;
    }

    /** A new, empty dictionary of this kind. */
    public TxnDictionary create() {
        return factory.get();
    }
}
