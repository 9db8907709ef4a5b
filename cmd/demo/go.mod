module github.com/foothold/foothold/cmd/demo

go 1.26.8

require (
	github.com/foothold/foothold v0.0.0
	github.com/g3n/engine v0.2.0
	github.com/go-gl/mathgl v1.2.0
	github.com/qmuntal/gltf v0.28.0
)

require (
	github.com/go-gl/glfw/v3.3/glfw v0.0.0-20210410170116-ea3d685f79fb // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	golang.org/x/image v0.25.0 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/foothold/foothold => ../..
