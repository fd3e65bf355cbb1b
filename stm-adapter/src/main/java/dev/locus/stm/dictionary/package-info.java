/**
 * Transactional dictionaries on Multiverse references: the hash table, red-black tree and sorted
 * list of [Bai06] (§5.2) and the skip list of [Maldonado10] (§5.1), behind one interface,
 * {@link dev.locus.stm.dictionary.TxnDictionary}, with {@link dev.locus.stm.dictionary.DictionaryKind}
 * to pick one. Every operation joins the caller's transaction and reports the key a key-based
 * executor should route it by.
 */
package dev.locus.stm.dictionary;
