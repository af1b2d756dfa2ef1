package diceodds

import "testing"

// The build's state table finds every key it was given, 0 (the start of a
// game of one die type) included, across growth, and no other.
func TestNodeTable(t *testing.T) {
	tab := newNodeTable(4)
	keys := []uint64{0, 1, 1 << 63, 0x0102030405060708}
	for i := range 1000 {
		keys = append(keys, uint64(i)*0x9E3779B97F4A7C15+7)
	}
	for i, k := range keys {
		if _, ok := tab.get(k); ok {
			t.Fatalf("key %#x found before it was put", k)
		}
		tab.put(k, int32(i))
	}
	for i, k := range keys {
		if id, ok := tab.get(k); !ok || id != int32(i) {
			t.Errorf("key %#x: %d, %v; want %d", k, id, ok, i)
		}
	}
	if _, ok := tab.get(2); ok {
		t.Error("key 2 found, never put")
	}
	if tab.n != len(keys) || 2*tab.n > len(tab.keys) {
		t.Errorf("%d keys in %d slots", tab.n, len(tab.keys))
	}
}
