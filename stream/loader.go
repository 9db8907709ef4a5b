package stream

import (
	"sync"

	"github.com/foothold/foothold/supportbake"
	"github.com/foothold/foothold/supporttile"
)

// loader reads tile files on its own goroutine: asked for a tile on
// reqs, it answers on back.
type loader struct {
	reqs chan supporttile.Entry
	back chan loaded
	stop chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

// loaded is a tile read, or why it could not be.
type loaded struct {
	ik   [2]int32
	tile *supportbake.Tile
	err  error
}

// readTile reads a tile file (a test slows it down).
var readTile = supporttile.ReadTile

// queue is how many requests may wait: a Step asks again for those that
// did not fit.
const queue = 256

func newLoader(dir string, h *supporttile.Header) *loader {
	l := &loader{reqs: make(chan supporttile.Entry, queue), back: make(chan loaded, queue), stop: make(chan struct{})}
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		for {
			select {
			case <-l.stop:
				return
			case e := <-l.reqs:
				t, err := readTile(dir, h, e)
				select {
				case l.back <- loaded{ik: [2]int32{e.I, e.K}, tile: t, err: err}:
				case <-l.stop:
					return
				}
			}
		}
	}()
	return l
}

// ask queues a request, or reports false when the queue is full.
func (l *loader) ask(e supporttile.Entry) bool {
	select {
	case l.reqs <- e:
		return true
	default:
		return false
	}
}

// done is a tile read since the last call, if any.
func (l *loader) done() (loaded, bool) {
	select {
	case r := <-l.back:
		return r, true
	default:
		return loaded{}, false
	}
}

func (l *loader) close() {
	l.once.Do(func() { close(l.stop) })
	l.wg.Wait()
}
